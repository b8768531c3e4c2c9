import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { UploadCalls, UploadChunkCalls, UploadConstants, type CoverChunkAnswer, type HeldChunks, type VideoChunkAnswer } from '../../src/core/upload/upload-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { mediaDirOf, uploadDirOf, uploadLimitsOf } from '../config.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { envelope, okEnvelope, sendFailure } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { MAX_INPUT_PIXELS } from '../media/image-processor.ts';
import { findFileInside, sendMediaFile } from '../playback/media-serving.ts';
import { assemblyPauseMs } from './assembly-pause.ts';
import { MULTIPART_LIMITS, readChunkCall } from './multipart-chunk.ts';
import type { ChunkPart } from './multipart-chunk.ts';
import { COVER_EXTENSIONS, KeyedQueue, VIDEO_URL_PREFIX, STORED_VIDEO_NAME, UNIQUE_FILE_NAME, UploadFiles, isBadFileName } from './upload-files.ts';
import type { CoverFormat } from './upload-files.ts';
import {
  findSavedVideoFile,
  findUploadByName,
  isLive,
  markComplete,
  setCoverPath,
  setExtension,
  uploadFileName,
} from './upload-repository.ts';
import type { UploadRecord } from './upload-repository.ts';
import { checkUid, createUpload, fileNameInvalid, saveVideo, uploadNotFound, videoTooLarge, type PostRules } from './upload-use-cases.ts';
import { VIDEO_CONTENT_TYPES, isVideoExtension, videoExtensionOf } from './video-magic.ts';

/** Most chunks a cover may have (maxCoverBytes in chunks of chunkSize). */
const MAX_COVER_CHUNKS = Math.ceil(UploadConstants.maxCoverBytes / UploadConstants.chunkSize);

const VIDEO_CACHE_CONTROL = 'public, max-age=3600';
/** Temporary assembled files untouched this long at start belong to a process that died (an assembly takes seconds). */
const STALE_ASSEMBLY_MS = 60 * 60 * 1000;

const chunkOutOfRange = () => new ApiError(Ret.ChunkOutOfRange, RetMessage.ChunkOutOfRange);
const chunkSizeInvalid = () => new ApiError(Ret.ChunkSizeInvalid, RetMessage.ChunkSizeInvalid);
const notAVideo = () => new ApiError(Ret.NotAVideo, RetMessage.NotAVideo);

/** 1 … n. */
const oneTo = (n: number): number[] => Array.from({ length: n }, (_, index) => index + 1);

/** Bytes the chunk must have: chunkSize, except the last (the rest of the file). */
function expectedChunkSize(upload: Pick<UploadRecord, 'fileSize' | 'chunks'>, chunk: number): number {
  return chunk < upload.chunks ? UploadConstants.chunkSize : upload.fileSize - (upload.chunks - 1) * UploadConstants.chunkSize;
}

async function countBytes(chunk: ChunkPart): Promise<number> {
  let size = 0;
  for await (const buffer of chunk.part.file) size += (buffer as Buffer).length;
  return size;
}

/**
 * The upload API: CreateVideoFile, UploadVideoChunk (multipart), GetUploadedChunks, SaveVideo, UploadCover
 * (multipart), and the saved videos at /uploads/videos/<fileName> (with ranges). Chunk parts and videos live
 * under UPLOAD_DIR, covers under MEDIA_DIR/uploads/covers (so /media resizes them).
 */
export function registerUploadRoutes(api: ApiRouter, services: AppServices, posts: PostRules): void {
  const { db, config, clock, authenticator } = services;
  const files = new UploadFiles(uploadDirOf(config), mediaDirOf(config));
  const limits = uploadLimitsOf(config);
  const queue = new KeyedQueue();
  const now = () => new Date(clock.now());
  const pauseMs = assemblyPauseMs();
  void files.removeStaleAssemblies(STALE_ASSEMBLY_MS).catch((error: unknown) => {
    api.app.log.warn({ err: error }, 'stale assembled files could not be removed');
  });

  /** The caller's live upload named `uniqueFileID` (8110 for anything else). */
  async function ownUpload(name: string, auth: AuthSession): Promise<UploadRecord> {
    const upload = UNIQUE_FILE_NAME.test(name) ? await findUploadByName(db, name) : undefined;
    if (upload === undefined || upload.userId !== auth.user.id || !isLive(upload, clock.now())) throw uploadNotFound();
    return upload;
  }

  /** Reserves an upload: checks name, size, chunk count, the daily post limit and the caller's quota. */
  serve(api, UploadCalls.createFile, 'required', ({ input, auth }) => createUpload({ db, clock, files, limits, posts }, auth.user.id, input));

  /**
   * The chunks the server holds for one of the caller's uploads (resume). An upload whose chunks are all held but
   * which is not complete (the process died between storing the last chunk and finishing the assembly) is
   * assembled now, so the answer says complete with the file name and the app goes on to SaveVideo.
   */
  serve(api, UploadCalls.heldChunks, 'required', async ({ input, auth }): Promise<HeldChunks> => {
    const upload = await ownUpload(input.uniqueFileID, auth);
    const state = upload.completedAt !== null
      ? { upload, received: oneTo(upload.chunks) }
      : await queue.run(upload.uniqueFileName, () => completeIfAllHeld(upload.uniqueFileName));
    return {
      received: state.received,
      chunks: state.upload.chunks,
      fileName: uploadFileName(state.upload),
      complete: state.upload.completedAt !== null,
    };
  });

  /**
   * Assembles the parts in order once all are held; answers whether the upload is complete afterwards. Safe to run
   * again after a crash at any point, and against a caller doing the same elsewhere (another process): each builds
   * its own temporary file from the parts, checks it and renames it into place (the same bytes), and only the caller
   * whose update moves the row from incomplete to complete removes the parts and the temporary files left by dead
   * assemblies. A caller that finds the parts or its file gone meanwhile answers from the row when it is complete.
   */
  async function completeIfAllHeld(uniqueFileName: string): Promise<{ upload: UploadRecord; received: number[] }> {
    const upload = await findUploadByName(db, uniqueFileName);
    if (upload === undefined) throw uploadNotFound();
    if (upload.completedAt !== null) return { upload, received: oneTo(upload.chunks) };
    const dir = files.partsDir(uniqueFileName);
    const received = await files.held(dir, upload.chunks);
    if (received.length < upload.chunks) return { upload, received };
    try {
      return await assemble(upload, dir);
    } catch (error) {
      const current = await findUploadByName(db, uniqueFileName);
      if (current !== undefined && current.completedAt !== null) return { upload: current, received: oneTo(current.chunks) };
      throw error;
    }
  }

  async function assemble(upload: UploadRecord, dir: string): Promise<{ upload: UploadRecord; received: number[] }> {
    const { uniqueFileName } = upload;
    const extension = upload.extension === '' ? videoExtensionOf(await files.head(files.partPath(dir, 1))) : upload.extension;
    if (extension === undefined) {
      await files.removeDir(dir);
      throw notAVideo();
    }
    const target = files.videoPath(uniqueFileName, extension);
    const assembled = await files.assemble(dir, upload.chunks, uniqueFileName, pauseMs);
    if (assembled.size !== upload.fileSize) {
      await files.discard(assembled);
      await files.removeDir(dir);
      throw new ApiError(Ret.AssembledSizeMismatch, RetMessage.AssembledSizeMismatch);
    }
    if (videoExtensionOf(await files.head(assembled.tmp)) !== extension) {
      await files.discard(assembled);
      await files.removeDir(dir);
      throw notAVideo();
    }
    await files.publish(assembled, target);
    if (await markComplete(db, upload.id, extension, now())) {
      await files.removeDir(dir);
      await files.removeAssemblyLeftovers(uniqueFileName);
    }
    const done = await findUploadByName(db, uniqueFileName);
    return { upload: done ?? upload, received: oneTo(upload.chunks) };
  }

  /** One chunk of a video (multipart: fields first, then the file part). */
  async function receiveVideoChunk(chunk: ChunkPart): Promise<VideoChunkAnswer> {
    const { params } = chunk;
    const auth = await authenticator.required(params);
    // Every param read and checked (1001/1002) before the upload is looked up.
    const uniqueFileID = params.string('uniqueFileID');
    const uid = params.optionalString('uid');
    const renamemode = params.optionalString('renamemode');
    if (renamemode !== undefined && renamemode !== UploadConstants.renamemode) throw badParam('renamemode');
    const prefix = params.optionalString('prefix');
    if (prefix !== undefined && prefix !== UploadConstants.prefix) throw badParam('prefix');
    const chunks = params.int('chunks');
    const number = params.int('chunk');
    const upload = await ownUpload(uniqueFileID, auth);
    checkUid(uid, auth);
    if (chunks !== upload.chunks || number < 1 || number > upload.chunks) throw chunkOutOfRange();
    if (chunk.fieldName !== 'file') throw badParam('file');
    if (chunk.fileName !== '' && isBadFileName(chunk.fileName)) throw fileNameInvalid();
    if (upload.fileSize > limits.maxVideoBytes) throw videoTooLarge(limits.maxVideoBytes);
    const expected = expectedChunkSize(upload, number);
    const dir = files.partsDir(upload.uniqueFileName);
    const answer = (state: { upload: UploadRecord; received: number[] }): VideoChunkAnswer => ({
      fileName: uploadFileName(state.upload),
      chunk: number,
      received: state.received,
      complete: state.upload.completedAt !== null,
      serverId: UploadConstants.referenceServerId,
    });

    // A chunk held already (or an upload complete): a re-send, answered alike once its size is right.
    const alreadyHeld = upload.completedAt !== null || (await files.held(dir, upload.chunks)).includes(number);
    if (alreadyHeld) {
      if ((await countBytes(chunk)) !== expected || chunk.part.file.truncated) throw chunkSizeInvalid();
      return answer(await queue.run(upload.uniqueFileName, () => completeIfAllHeld(upload.uniqueFileName)));
    }

    const part = await files.receive(dir, number, chunk.part.file);
    if (chunk.part.file.truncated || part.size !== expected) {
      await files.discard(part);
      throw chunkSizeInvalid();
    }
    if (number === 1) {
      const extension = videoExtensionOf(await files.head(part.tmp));
      if (extension === undefined) {
        await files.discard(part);
        throw notAVideo();
      }
      await setExtension(db, upload.id, extension);
    }
    return answer(await queue.run(upload.uniqueFileName, async () => {
      const current = await findUploadByName(db, upload.uniqueFileName);
      if (current === undefined) {
        await files.discard(part);
        throw uploadNotFound();
      }
      if (current.completedAt !== null) {
        // Completed by a copy of this chunk sent in parallel: the folder this part went to is left over.
        await files.discard(part);
        await files.removeDir(dir);
      } else if ((await files.held(dir, upload.chunks)).includes(number)) {
        await files.discard(part);
      } else {
        // The part can be gone when a failed assembly dropped the folder meanwhile: the answer then omits it.
        await files.keep(part, dir, number).catch(() => undefined);
      }
      return completeIfAllHeld(upload.uniqueFileName);
    }));
  }

  /** Saves an uploaded (complete) video with its description, labels and category; again for the same upload: ok. */
  serve(api, UploadCalls.saveVideo, 'required', ({ input, auth }) => saveVideo({ db, clock, posts }, auth, input));

  /** Whether the assembled cover bytes are a JPEG, PNG or WebP image sharp can decode; its format. */
  async function coverFormatOf(bytes: Buffer): Promise<CoverFormat> {
    try {
      const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
      const { format, width, height } = await image.metadata();
      if (!(format in COVER_EXTENSIONS) || !width || !height) throw new Error('not a cover format');
      await image.resize(16, 16, { fit: 'inside' }).toBuffer();
      return format as CoverFormat;
    } catch {
      throw new ApiError(Ret.NotAnImage, RetMessage.NotAnImage);
    }
  }

  /** One chunk of the cover of a saved (not yet posted) video. */
  async function receiveCoverChunk(chunk: ChunkPart): Promise<CoverChunkAnswer> {
    const { params } = chunk;
    const auth = await authenticator.required(params);
    // Every param read and checked (1001/1002) before the upload is looked up.
    const uniqueFileID = params.string('uniqueFileID');
    const chunks = params.int('chunks');
    const number = params.int('chunk');
    const upload = await ownUpload(uniqueFileID, auth);
    if (upload.savedAt === null) throw new ApiError(Ret.VideoNotSaved, RetMessage.VideoNotSaved);
    if (chunks > MAX_COVER_CHUNKS) throw new ApiError(Ret.CoverTooLarge, RetMessage.CoverTooLarge);
    if (chunks < 1 || number < 1 || number > chunks) throw chunkOutOfRange();
    if (chunk.fieldName !== 'formFile') throw badParam('formFile');
    if (chunk.fileName !== '' && isBadFileName(chunk.fileName)) throw fileNameInvalid();
    const dir = files.coverPartsDir(upload.uniqueFileName, chunks);
    const pending = await files.held(dir, chunks);
    // The last chunk sent again after the cover was made (its answer was lost): the same answer.
    if (upload.coverPath !== '' && number === chunks && pending.length === 0 && chunks > 1) {
      await countBytes(chunk);
      return { filepath: upload.coverPath, received: oneTo(chunks) };
    }
    if (upload.postId !== null) throw new ApiError(Ret.VideoAlreadySaved, RetMessage.VideoAlreadySaved);
    const part = await files.receive(dir, number, chunk.part.file);
    const sizeOk = number < chunks ? part.size === UploadConstants.chunkSize : part.size > 0 && part.size <= UploadConstants.chunkSize;
    if (chunk.part.file.truncated || !sizeOk) {
      await files.discard(part);
      throw chunkSizeInvalid();
    }
    return queue.run(`cover:${upload.uniqueFileName}`, async () => {
      const kept = await files.keep(part, dir, number).then(() => true, () => false);
      if (!kept) {
        // The folder went away meanwhile (a copy of this chunk completed the cover, or a refused assembly dropped it).
        const current = await findUploadByName(db, upload.uniqueFileName);
        if (current !== undefined && current.coverPath !== '') return { filepath: current.coverPath, received: oneTo(chunks) };
        return { received: await files.held(dir, chunks) };
      }
      const received = await files.held(dir, chunks);
      if (received.length < chunks) return { received };
      const bytes = await files.readParts(dir, chunks);
      if (bytes.length > UploadConstants.maxCoverBytes) {
        await files.removeDir(dir);
        throw new ApiError(Ret.CoverTooLarge, RetMessage.CoverTooLarge);
      }
      let format: CoverFormat;
      try {
        format = await coverFormatOf(bytes);
      } catch (error) {
        await files.removeDir(dir);
        throw error;
      }
      const extension = COVER_EXTENSIONS[format];
      await files.writeAtomically(files.coverPath(upload.uniqueFileName, extension), bytes);
      for (const other of Object.values(COVER_EXTENSIONS)) {
        if (other !== extension) await files.removeFile(files.coverPath(upload.uniqueFileName, other));
      }
      await files.removeCoverParts(upload.uniqueFileName);
      const filepath = files.coverUrl(upload.uniqueFileName, format);
      await setCoverPath(db, upload.id, filepath);
      return { filepath, received };
    });
  }

  void api.app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });
    scope.post(UploadChunkCalls.videoChunk.path, async (request) => okEnvelope(await readChunkCall(request, receiveVideoChunk)));
    scope.post(UploadChunkCalls.coverChunk.path, async (request) => okEnvelope(await readChunkCall(request, receiveCoverChunk)));
  });

  /** A saved video, with ranges (206/416); unsaved, unknown or deleted ones are 404. */
  api.app.get(`${VIDEO_URL_PREFIX}:file`, {
    onSend: async (request, reply, payload) => {
      const name = (request.params as { file?: string }).file ?? '';
      const extension = name.slice(name.lastIndexOf('.') + 1);
      if ((reply.statusCode === 200 || reply.statusCode === 206) && isVideoExtension(extension)) {
        reply.type(VIDEO_CONTENT_TYPES[extension]);
      }
      return payload;
    },
  }, async (request, reply) => {
    const name = (request.params as { file?: string }).file ?? '';
    if (!STORED_VIDEO_NAME.test(name)) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    const dot = name.lastIndexOf('.');
    const uniqueFileName = name.slice(UploadConstants.prefix.length, dot);
    if (!(await findSavedVideoFile(db, uniqueFileName, name.slice(dot + 1)))) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    const file = await findFileInside(files.videosDir, [name]);
    if (file === undefined) return sendFailure(reply, 404, Ret.NotFound, RetMessage.MediaNotFound);
    return sendMediaFile(request, reply, file, VIDEO_CACHE_CONTROL, () => envelope(Ret.MediaRangeInvalid, RetMessage.MediaRangeInvalid, null));
  });
}
