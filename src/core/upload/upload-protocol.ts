/**
 * The chunked upload of a post's video and cover, and what the publish form asks first: the calls, fields, codes,
 * limits and texts shared by the app, the reference server and the fake. The spec names the calls and fields; the
 * upload paths, the resume call, the place search and the limits are ours (docs/decisions.md, issue 10).
 */

import { object, optional, pipe, transform, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { place } from '../shared-kernel/place-wire.ts';

/**
 * A text parameter whose limits the use case checks with the feature's own code (8114 a file name, 8110 an upload
 * token, 8101 labels, 8102 a description, 8123 a keyword): the declaration sets no length of its own.
 */
const CHECKED_BY_USE_CASE = Number.MAX_SAFE_INTEGER;

/** A PostgreSQL integer's largest value (chunk counts). */
const INT_MAX = 2_147_483_647;

export const UploadConstants = {
  /** Bytes per chunk, video and cover alike. */
  chunkSize: 2_097_152,
  renamemode: 'Format',
  prefix: 'xw-',
  /** SaveVideo's CID when none is chosen. */
  defaultCategoryId: '0,7',
  /** Progress milestones. */
  progressStart: 1,
  progressChunksDone: 80,
  progressSaved: 90,
  progressCoverDone: 95,
  progressPosted: 100,
  /** Decided: a chunk is tried this many more times after a transport failure, waiting these delays. */
  chunkRetryDelaysMs: [1000, 2000, 4000] as readonly number[],
  /** Decided: what GetPublishPoint gates — posts per user per calendar day (UTC+8). */
  dailyPostLimit: 5,
  /** Decided defaults (the server's UPLOAD_MAX_BYTES / UPLOAD_QUOTA_BYTES override them). */
  maxVideoBytes: 200 * 1024 * 1024,
  userQuotaBytes: 1024 * 1024 * 1024,
  maxCoverBytes: 10 * 1024 * 1024,
  /** Decided: longest video the app accepts, in seconds. */
  maxDurationSeconds: 600,
  /** Decided: description length limit. */
  maxDescription: 200,
  /** Decided: at most this many labels on a post. */
  maxLabels: 3,
  /** Decided: the longest place-search keyword, in characters (the server refuses longer ones with 8123). */
  maxPlaceKeyword: 50,
  /** Decided: the server id sent as SaveVideo's ServerID for files held by the reference server. */
  referenceServerId: '1',
} as const;

/** A whole number (the decimals cut off), 0 when not a number. */
const whole = wire.lenientAnswer((value) => wire.wholeOf(value));
/** A whole number as given, or `fallback` when it reads as 0 (absent or not a number too). */
const wholeOr = (fallback: number) => wire.lenientAnswer((value) => wire.wholeOf(value) || fallback);
/** What an answer gives of a field, read by `read`; absent (undefined) when it gives none. */
const ifGiven = <T>(read: (value: unknown) => T) => optional(pipe(unknown(), transform(read)));

/**
 * GetPublishPoint: how many posts are left today and the size limits. Defaults when the answer gives none: the daily
 * limit UploadConstants.dailyPostLimit, what is left the limit less what was used, publishing allowed while some
 * are left, the size and duration limits UploadConstants's.
 */
const publishPoint = pipe(
  wire.fields({
    dailyLimit: wire.lenientAnswer((value) => wire.wholeOf(value ?? UploadConstants.dailyPostLimit)),
    usedToday: wire.count,
    remaining: ifGiven((value) => wire.wholeOf(value)),
    canPublish: ifGiven((value) => value === true),
    maxVideoBytes: wholeOr(UploadConstants.maxVideoBytes),
    quotaBytes: wholeOr(UploadConstants.userQuotaBytes),
    usedBytes: wire.count,
    maxDurationSeconds: wholeOr(UploadConstants.maxDurationSeconds),
  }),
  transform(({ remaining: given, canPublish, ...read }) => {
    const remaining = Math.max(0, given ?? read.dailyLimit - read.usedToday);
    return { ...read, remaining, canPublish: canPublish ?? remaining > 0 };
  }),
);

export type PublishPoint = InferOutput<typeof publishPoint>;

/** A label a post may carry (GetLabel's entries, in display order): without an id above 0 or a name it is left out. */
const label = object({ id: wire.wholeId, name: wire.key });

export type Label = InferOutput<typeof label>;

/**
 * What CreateVideoFile answered: the upload row, the video id reserved for it, the server's file token; null without
 * the row or the token (the publisher stops: a bad answer, not a refusal).
 */
const videoFileInfo = object({ lid: wire.wholeId, id: whole, uniqueFileName: wire.key });

export type VideoFileInfo = InferOutput<typeof videoFileInfo>;

/** The chunks a server holds, as numbers from 1: each once, in order (what is not one is left out). */
const chunkList = wire.lenientAnswer((value) =>
  [
    ...new Set(
      wire
        .listOf(value)
        .map((chunk) => wire.wholeOf(chunk))
        .filter((chunk) => chunk > 0),
    ),
  ].sort((a, b) => a - b),
);

/** What GetUploadedChunks says the server holds (complete: exactly true). */
const heldChunks = wire.fields({ received: chunkList, chunks: whole, fileName: wire.text, complete: wire.isTrue });

export type HeldChunks = InferOutput<typeof heldChunks>;

/**
 * UploadVideoChunk's answer: the stored file's name (xw-….mp4), the chunks held, whether the video is whole (not a
 * declared call: the publisher reads the multipart answer with it).
 */
export const videoChunkAnswer = wire.fields({ fileName: wire.text, chunk: whole, received: chunkList, complete: wire.isTrue, serverId: wire.text });

export type VideoChunkAnswer = InferOutput<typeof videoChunkAnswer>;

/** UploadCover's answer: the chunks held; with the last one, the cover's path (absent before; '' when not text). */
export const coverChunkAnswer = wire.fields({ received: chunkList, filepath: ifGiven(wire.textOf) });

export type CoverChunkAnswer = InferOutput<typeof coverChunkAnswer>;

/** SaveVideo's answer: the saved video's id (0 when the answer gives none: the upload's reserved one is meant). */
const savedVideo = wire.fields({ videoId: whole });

export type SavedVideo = InferOutput<typeof savedVideo>;

/** SearchPlace's answer (data that is no object, or no list, finds none). */
const placeList = wire.fields({ list: wire.items(place) });

export type PlaceList = InferOutput<typeof placeList>;

/**
 * Upload's calls made as plain HTTP calls, declared once (src/core/request/protocol.ts): the app's PublishPost and
 * ServerPlaceSearch send them, the reference server (server/upload/routes.ts, server/posts/routes.ts) serves them, the
 * fake (adapters/http/fake-upload-api.ts) answers them, and test/contract/upload-protocol.test.ts runs one suite
 * against both. The two chunk calls are multipart and stay in {@link UploadChunkCalls} (docs/decisions.md).
 */
export const UploadCalls = {
  /** What the caller may still publish today, and the upload limits. Signed in only. */
  publishPoint: call({ method: 'GET', path: '/api/User/GetPublishPoint', carrier: 'query', params: {}, answer: publishPoint }),
  /** Every label, in display order. Visitors may ask. */
  labels: call({ method: 'GET', path: '/api/Trends/GetLabel', carrier: 'query', params: {}, answer: wire.items(label) }),
  /** Reserves an upload (name 8114, size 8115, the daily limit 8100, the quota 8116). Signed in only. */
  createFile: call({
    method: 'GET',
    path: '/api/User/CreateVideoFile',
    carrier: 'query',
    params: {
      fileName: { kind: 'text', max: CHECKED_BY_USE_CASE },
      fileSize: { kind: 'int', min: 1, max: Number.MAX_SAFE_INTEGER, wide: true },
      chunks: { kind: 'int', min: 1, max: INT_MAX },
      /** Seconds, decimals allowed (at most maxDurationSeconds: the use case). */
      duration: { kind: 'text', max: 13, trim: true, pattern: /^\d{1,6}(?:\.\d{1,6})?$/ },
    },
    answer: wire.orNull(videoFileInfo),
  }),
  /**
   * Decided: which chunks of an upload the server holds (resume). When all are held but the server had not assembled
   * them (it stopped in between), asking assembles them, so the answer says complete with the file name SaveVideo
   * takes. Signed in only.
   */
  heldChunks: call({
    method: 'GET',
    path: '/api/User/GetUploadedChunks',
    carrier: 'query',
    params: { uniqueFileID: { kind: 'text', max: CHECKED_BY_USE_CASE } },
    answer: heldChunks,
  }),
  /** Saves a whole video with its description, labels and category; again for the same upload answers alike. Signed in only. */
  saveVideo: call({
    method: 'POST',
    path: '/api/User/SaveVideo',
    carrier: 'form',
    params: {
      LID: { kind: 'id' },
      ID: { kind: 'id' },
      CID: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      UID: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      /** Comma-joined label ids; left out when none is chosen (spec). */
      Labels: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      Contxt: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      /** The cover's path (the spec's spelling); decided: the cover goes up after the save, so it is left out. */
      Corver: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      /** Required, but the use case asks for it only once the upload is whole (8120 comes first, then 1001). */
      UploadedFileName: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      ServerID: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
    },
    answer: savedVideo,
  }),
  /** Decided: the reference server's place search, by keyword and/or near a point (lat and lng together). */
  placeSearch: call({
    method: 'GET',
    path: '/api/Trends/SearchPlace',
    carrier: 'query',
    params: {
      keyword: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      lat: { kind: 'text', max: 20, trim: true, pattern: /^-?\d{1,3}(?:\.\d{1,12})?$/, optional: true },
      lng: { kind: 'text', max: 20, trim: true, pattern: /^-?\d{1,3}(?:\.\d{1,12})?$/, optional: true },
    },
    answer: placeList,
  }),
} as const;

/**
 * The two multipart calls: one chunk of the video (file, chunk, renamemode, prefix, chunks, uid, uniqueFileID) and one
 * of the cover (formFile, chunk, chunks, uniqueFileID), fields first and then the bytes. Not call(): the protocol's
 * carriers are a query or a form of text, and the server reads these as a stream (server/upload/multipart-chunk.ts)
 * so a 2 MB part is never held whole before it is checked (docs/decisions.md).
 */
export const UploadChunkCalls = {
  videoChunk: { method: 'POST', path: '/api/User/UploadVideoChunk' },
  coverChunk: { method: 'POST', path: '/api/User/UploadCover' },
} as const;

/** Multipart and form field names, as the spec gives them. */
export const UploadFields = {
  file: 'file',
  chunk: 'chunk',
  renamemode: 'renamemode',
  prefix: 'prefix',
  chunks: 'chunks',
  uid: 'uid',
  uniqueFileID: 'uniqueFileID',
  coverFile: 'formFile',
} as const;

/** Answer codes of the feature (8100–8139). */
export const UploadRet = {
  PublishLimitReached: 8100,
  LabelInvalid: 8101,
  DescriptionTooLong: 8102,
  UploadNotFound: 8110,
  ChunkOutOfRange: 8111,
  ChunkSizeInvalid: 8112,
  NotAVideo: 8113,
  FileNameInvalid: 8114,
  VideoTooLarge: 8115,
  QuotaExceeded: 8116,
  AssembledSizeMismatch: 8117,
  NotAnImage: 8118,
  CoverTooLarge: 8119,
  UploadIncomplete: 8120,
  VideoAlreadySaved: 8121,
  VideoNotSaved: 8122,
  PlaceSearchInvalid: 8123,
} as const;

