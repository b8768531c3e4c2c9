import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { ApiError, missingParam } from '../http/api-error.ts';
import { Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';

/**
 * Limits of the chunk calls' multipart bodies: one file part of at most one chunk (a longer part arrives
 * truncated, and is refused as a wrong chunk size), at most 40 fields of at most 4 KB each.
 */
export const MULTIPART_LIMITS = {
  fileSize: UploadConstants.chunkSize,
  files: 1,
  fields: 40,
  fieldSize: 4096,
  fieldNameSize: 100,
  parts: 41,
  headerPairs: 100,
} as const;

/** The file part of a chunk call, handed over with the params read before it. */
export interface ChunkPart {
  /** Query string and the fields that came before the file part. */
  params: Params;
  fieldName: string;
  fileName: string;
  part: MultipartFile;
}

function pluginCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** Plugin and parser errors (limits, truncated or malformed bodies, not multipart at all) in the API's terms. */
function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (pluginCode(error) === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(Ret.ChunkSizeInvalid, RetMessage.ChunkSizeInvalid);
  return new ApiError(Ret.BadParam, RetMessage.BadRequest);
}

/** Reads a stream to its end without keeping it. */
async function drain(part: MultipartFile): Promise<void> {
  try {
    for await (const _chunk of part.file) {
      // Discarded.
    }
  } catch {
    // The request's own error ends the iteration below.
  }
}

/**
 * Reads a chunk call (multipart; part file names are kept as sent, paths included, so they can be refused): the fields up to the file part, then `onFile` with the params (query and those
 * fields) and the part. `onFile` validates and reads the part's stream; when it refuses without reading, the part
 * is drained so the rest of the body is still read. Fields after the file are ignored. Any plugin or parser error
 * (not multipart, truncated body, limits) becomes 1002 请求格式错误, a refusal of `onFile` wins over it, and a
 * call without a file part answers 1001.
 */
export async function readChunkCall<T>(request: FastifyRequest, onFile: (chunk: ChunkPart) => Promise<T>): Promise<T> {
  const fields: [string, string][] = [];
  let outcome: { value: T } | undefined;
  let refusal: unknown;
  let sawFile = false;
  try {
    if (!request.isMultipart()) throw new ApiError(Ret.BadParam, RetMessage.UnsupportedMediaType);
    for await (const part of request.parts({ limits: MULTIPART_LIMITS, preservePath: true })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !part.valueTruncated && !sawFile) fields.push([part.fieldname, part.value]);
        else if (part.valueTruncated && !sawFile) refusal ??= new ApiError(Ret.BadParam, RetMessage.BadRequest);
        continue;
      }
      if (sawFile || refusal !== undefined) {
        await drain(part);
        continue;
      }
      sawFile = true;
      const params = Params.fromRequest(request.query, Object.fromEntries(fields));
      try {
        outcome = { value: await onFile({ params, fieldName: part.fieldname, fileName: part.filename ?? '', part }) };
      } catch (error) {
        // A failure of the part's stream is the request's fault (cut short, malformed); others are ours (500).
        refusal = error instanceof ApiError || part.file.errored !== null ? asApiError(error) : error;
      }
      if (!part.file.readableEnded) await drain(part);
    }
  } catch (error) {
    refusal ??= asApiError(error);
  }
  if (refusal !== undefined) throw refusal;
  if (outcome === undefined) throw missingParam('file');
  return outcome.value;
}
