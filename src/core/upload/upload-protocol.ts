/**
 * The chunked upload of a post's video and cover, and what the publish form asks first: the calls, fields, codes,
 * limits and texts shared by the app, the reference server and the fake. The spec names the calls and fields; the
 * upload paths, the resume call, the place search and the limits are ours (docs/decisions.md, issue 10).
 */

import { call } from '../request/protocol.ts';
import type { Place } from '../ports/place-search.ts';

/**
 * A text parameter whose limits the use case checks with the feature's own code (8114 a file name, 8110 an upload
 * token, 8101 labels, 8102 a description, 8123 a keyword): the declaration sets no length of its own.
 */
const CHECKED_BY_USE_CASE = Number.MAX_SAFE_INTEGER;

/** A PostgreSQL integer's largest value (chunk counts). */
const INT_MAX = 2_147_483_647;

/** GetPublishPoint: how many posts are left today and the size limits. */
export interface PublishPoint {
  dailyLimit: number;
  usedToday: number;
  remaining: number;
  canPublish: boolean;
  maxVideoBytes: number;
  quotaBytes: number;
  usedBytes: number;
  maxDurationSeconds: number;
}

/** A label a post may carry (GetLabel's entries, in display order). */
export interface Label {
  id: number;
  name: string;
}

/** What CreateVideoFile answered: the upload row, the video id reserved for it, the server's file token. */
export interface VideoFileInfo {
  lid: number;
  id: number;
  uniqueFileName: string;
}

/** What GetUploadedChunks says the server holds. */
export interface HeldChunks {
  received: number[];
  chunks: number;
  fileName: string;
  complete: boolean;
}

/** UploadVideoChunk's answer: the stored file's name (xw-….mp4), the chunks held, whether the video is whole. */
export interface VideoChunkAnswer {
  fileName: string;
  chunk: number;
  received: number[];
  complete: boolean;
  serverId: string;
}

/** UploadCover's answer: the chunks held; with the last one, the cover's path. */
export interface CoverChunkAnswer {
  received: number[];
  filepath?: string;
}

/** SaveVideo's answer. */
export interface SavedVideo {
  videoId: number;
}

/** SearchPlace's answer. */
export interface PlaceList {
  list: Place[];
}

/**
 * Upload's calls made as plain HTTP calls, declared once (src/core/request/protocol.ts): the app's PublishPost and
 * ServerPlaceSearch send them, the reference server (server/upload/routes.ts, server/posts/routes.ts) serves them, the
 * fake (adapters/http/fake-upload-api.ts) answers them, and test/contract/upload-protocol.test.ts runs one suite
 * against both. The two chunk calls are multipart and stay in {@link UploadChunkCalls} (docs/decisions.md).
 */
export const UploadCalls = {
  /** What the caller may still publish today, and the upload limits. Signed in only. */
  publishPoint: call<PublishPoint>()({ method: 'GET', path: '/api/User/GetPublishPoint', carrier: 'query', params: {} }),
  /** Every label, in display order. Visitors may ask. */
  labels: call<Label[]>()({ method: 'GET', path: '/api/Trends/GetLabel', carrier: 'query', params: {} }),
  /** Reserves an upload (name 8114, size 8115, the daily limit 8100, the quota 8116). Signed in only. */
  createFile: call<VideoFileInfo>()({
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
  }),
  /**
   * Decided: which chunks of an upload the server holds (resume). When all are held but the server had not assembled
   * them (it stopped in between), asking assembles them, so the answer says complete with the file name SaveVideo
   * takes. Signed in only.
   */
  heldChunks: call<HeldChunks>()({
    method: 'GET',
    path: '/api/User/GetUploadedChunks',
    carrier: 'query',
    params: { uniqueFileID: { kind: 'text', max: CHECKED_BY_USE_CASE } },
  }),
  /** Saves a whole video with its description, labels and category; again for the same upload answers alike. Signed in only. */
  saveVideo: call<SavedVideo>()({
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
  }),
  /** Decided: the reference server's place search, by keyword and/or near a point (lat and lng together). */
  placeSearch: call<PlaceList>()({
    method: 'GET',
    path: '/api/Trends/SearchPlace',
    carrier: 'query',
    params: {
      keyword: { kind: 'text', max: CHECKED_BY_USE_CASE, optional: true },
      lat: { kind: 'text', max: 20, trim: true, pattern: /^-?\d{1,3}(?:\.\d{1,12})?$/, optional: true },
      lng: { kind: 'text', max: 20, trim: true, pattern: /^-?\d{1,3}(?:\.\d{1,12})?$/, optional: true },
    },
  }),
} as const;

/**
 * The two multipart calls: one chunk of the video (file, chunk, renamemode, prefix, chunks, uid, uniqueFileID) and one
 * of the cover (formFile, chunk, chunks, uniqueFileID), fields first and then the bytes. Not call<>(): the protocol's
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

