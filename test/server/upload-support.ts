/** Helpers of the upload and posts server tests (not a test file itself). */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { UploadCalls, UploadChunkCalls, UploadConstants, type VideoChunkAnswer as ChunkAnswer, type VideoFileInfo as FileInfo } from '../../src/core/upload/upload-protocol.ts';
import { COMMON_PARAMS, get, post, tokenParams } from './support.ts';
import type { CallResult, Envelope, TestUser } from './support.ts';

export const CHUNK = UploadConstants.chunkSize;

const CLIP = fileURLToPath(new URL('../../demo-media/clip-d.mp4', import.meta.url));

/** The demo MP4 (about 200 KB). */
export function demoClip(): Promise<Buffer> {
  return readFile(CLIP);
}

/** A valid MP4 of exactly `size` bytes: the demo clip followed by a `free` box. */
export async function videoOfSize(size: number): Promise<Buffer> {
  const clip = await demoClip();
  const padding = size - clip.length;
  if (padding < 8) throw new Error(`a video of ${size} bytes cannot hold the clip`);
  const box = Buffer.alloc(padding);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  randomBytes(Math.min(padding - 8, 4096)).copy(box, 8);
  return Buffer.concat([clip, box]);
}

export function chunksOf(bytes: Buffer): Buffer[] {
  const list: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK) list.push(bytes.subarray(start, start + CHUNK));
  return list;
}

export interface FilePart {
  field: string;
  name: string;
  type?: string;
  bytes: Uint8Array;
}

/** A multipart/form-data body: the fields in order, then the file part(s). */
export function multipartBody(fields: readonly (readonly [string, string])[], files: readonly FilePart[]): { payload: Buffer; contentType: string } {
  const boundary = `----qiyu${randomBytes(8).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of fields) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    pieces.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n`
      + `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ));
    pieces.push(Buffer.from(file.bytes));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postMultipart<T = unknown>(
  app: FastifyInstance,
  url: string,
  fields: readonly (readonly [string, string])[],
  files: readonly FilePart[],
): Promise<CallResult<T>> {
  const { payload, contentType } = multipartBody(fields, files);
  const response = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });
  return { status: response.statusCode, body: JSON.parse(response.body) as Envelope<T>, raw: response.body };
}

/** The common params and token fields, as the client sends them before the file part. */
export function callerFields(user: TestUser): [string, string][] {
  return Object.entries({ ...COMMON_PARAMS, ...tokenParams(user.token) });
}

/** CreateVideoFile's answer and a video chunk's, as upload-protocol.ts declares them. */
export type { VideoFileInfo as FileInfo, VideoChunkAnswer as ChunkAnswer } from '../../src/core/upload/upload-protocol.ts';

export function createFile(app: FastifyInstance, user: TestUser, fields: Record<string, string>): Promise<CallResult<FileInfo>> {
  return get<FileInfo>(app, UploadCalls.createFile.path, { ...tokenParams(user.token), ...fields });
}

/** CreateVideoFile for `bytes` (fileName clip.mp4, duration 20). */
export function createFileFor(app: FastifyInstance, user: TestUser, bytes: Buffer, fileName = 'clip.mp4'): Promise<CallResult<FileInfo>> {
  return createFile(app, user, {
    fileName, fileSize: String(bytes.length), duration: '20', chunks: String(Math.ceil(bytes.length / CHUNK)),
  });
}

export interface ChunkOptions {
  /** Field overrides (chunk, chunks, uid, uniqueFileID…); null drops a field. */
  fields?: Record<string, string | null>;
  fileName?: string;
  fileField?: string;
  /** The caller whose token is sent (default: the owner). */
  as?: TestUser;
}

export function sendChunk(
  app: FastifyInstance,
  user: TestUser,
  info: FileInfo,
  chunk: number,
  chunks: number,
  bytes: Uint8Array,
  options: ChunkOptions = {},
): Promise<CallResult<ChunkAnswer>> {
  const caller = options.as ?? user;
  const base: Record<string, string | null> = {
    chunk: String(chunk),
    renamemode: UploadConstants.renamemode,
    prefix: UploadConstants.prefix,
    chunks: String(chunks),
    uid: String(caller.id),
    uniqueFileID: info.uniqueFileName,
    ...options.fields,
  };
  const fields = [...callerFields(caller), ...Object.entries(base).filter((entry): entry is [string, string] => entry[1] !== null)];
  return postMultipart<ChunkAnswer>(app, UploadChunkCalls.videoChunk.path, fields, [
    { field: options.fileField ?? 'file', name: options.fileName ?? 'blob', type: 'video/mp4', bytes },
  ]);
}

/** CreateVideoFile, then every chunk in order; answers the file info and the last chunk answer. */
export async function uploadVideo(app: FastifyInstance, user: TestUser, bytes: Buffer): Promise<{ info: FileInfo; last: ChunkAnswer }> {
  const created = await createFileFor(app, user, bytes);
  if (created.body.ret !== 200) throw new Error(`CreateVideoFile failed: ${created.raw}`);
  const info = created.body.data;
  const parts = chunksOf(bytes);
  let last: ChunkAnswer | undefined;
  for (const [index, part] of parts.entries()) {
    const answer = await sendChunk(app, user, info, index + 1, parts.length, part);
    if (answer.body.ret !== 200) throw new Error(`chunk ${index + 1} failed: ${answer.raw}`);
    last = answer.body.data;
  }
  if (last === undefined) throw new Error('no chunk sent');
  return { info, last };
}

export function saveVideo(
  app: FastifyInstance,
  user: TestUser,
  info: FileInfo,
  fileName: string,
  fields: Record<string, string> = {},
): Promise<CallResult<{ videoId: number }>> {
  return post<{ videoId: number }>(app, UploadCalls.saveVideo.path, {
    ...tokenParams(user.token),
    LID: String(info.lid),
    ID: String(info.id),
    CID: UploadConstants.defaultCategoryId,
    UID: String(user.id),
    Contxt: '',
    Corver: '',
    UploadedFileName: fileName,
    ServerID: UploadConstants.referenceServerId,
    ...fields,
  });
}

/** A small JPEG (or PNG/WebP) cover. */
export function coverImage(format: 'jpeg' | 'png' | 'webp' = 'jpeg', width = 300, height = 400): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).toFormat(format).toBuffer();
}

export function sendCoverChunk(
  app: FastifyInstance,
  user: TestUser,
  uniqueFileName: string,
  chunk: number,
  chunks: number,
  bytes: Uint8Array,
  fileName = 'cover.jpg',
): Promise<CallResult<{ received: number[]; filepath?: string }>> {
  return postMultipart(app, UploadChunkCalls.coverChunk.path, [
    ...callerFields(user),
    ['chunk', String(chunk)],
    ['chunks', String(chunks)],
    ['uniqueFileID', uniqueFileName],
  ], [{ field: 'formFile', name: fileName, type: 'image/jpeg', bytes }]);
}

export async function uploadCover(app: FastifyInstance, user: TestUser, uniqueFileName: string, bytes: Buffer): Promise<string> {
  const parts = chunksOf(bytes);
  let filepath: string | undefined;
  for (const [index, part] of parts.entries()) {
    const answer = await sendCoverChunk(app, user, uniqueFileName, index + 1, parts.length, part);
    if (answer.body.ret !== 200) throw new Error(`cover chunk ${index + 1} failed: ${answer.raw}`);
    filepath = answer.body.data.filepath;
  }
  if (filepath === undefined) throw new Error('no cover filepath');
  return filepath;
}

/** POST with a JSON body (common params at the top), as CreateTrends was called before issue 20 (still read). */
export async function postJson<T = unknown>(app: FastifyInstance, url: string, user: TestUser | null, body: Record<string, unknown>): Promise<CallResult<T>> {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify({ ...COMMON_PARAMS, ...(user ? tokenParams(user.token) : {}), ...body }),
    headers: { 'content-type': 'application/json' },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as Envelope<T>, raw: response.body };
}

/** Every file below `root` (relative paths, sorted), with its size. */
export async function snapshot(root: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  const list: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    list.push(`${relative(root, path)} ${(await stat(path)).size}`);
  }
  return list.sort();
}
