import { unknown } from 'valibot';
import { HttpFailure } from '../../src/core/ports/http.ts';
import type { Place } from '../../src/core/ports/place-search.ts';
import {
  UploadCalls,
  UploadChunkCalls,
  UploadConstants,
  UploadFields,
  UploadRet,
  type HeldChunks,
  type PlaceList,
  type PublishPoint,
  type SavedVideo,
  type VideoFileInfo,
} from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { fail, fakeApi, ok, SESSION_INVALID, type FakeRouter } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';
import { installFakePostsApi, type FakePostsState } from './fake-posts-api.ts';

/** One upload as the imitation holds it. */
interface FakeUpload {
  lid: number;
  /** The video id reserved for it. */
  id: number;
  uniqueFileName: string;
  uid: number;
  fileName: string;
  fileSize: number;
  duration: number;
  chunks: number;
  parts: Map<number, Uint8Array>;
  /** The assembled file once complete. */
  stored: Uint8Array | null;
  /** xw-<uniqueFileName>.<ext> once chunk 1 arrived. */
  storedName: string;
  saved: boolean;
  labels: number[];
  contxt: string;
  coverParts: Map<number, Uint8Array>;
  coverPath: string;
  cover: Uint8Array | null;
}

/**
 * What a call meets before (or after) the imitation handles it: a dropped connection before the server saw it,
 * one after it was handled (the answer is lost), a server that never answers, or a refusal.
 */
export type FakeUploadFault = 'network-before' | 'network-after' | 'hang' | { ret: number; msg: string };

/** The uploads, and the posts (the posts imitation's state, shared: CreateTrends posts the saved uploads). */
interface FakeUploadState extends FakePostsState {
  uploads: Map<string, FakeUpload>;
  /** Every video chunk taken (a repeat of a held chunk too), in order. */
  chunkLog: Array<{ file: string; chunk: number }>;
  /** Every video chunk request that reached the server, in order (refused ones too). */
  chunkCalls: Array<{ file: string; chunk: number }>;
  labels: Array<{ id: number; name: string }>;
  /** What SearchPlace finds (by name or address). */
  places: Place[];
}

export interface FakeUploadApiOptions {
  /** Bytes per chunk (the client must use the same); UploadConstants.chunkSize by default. */
  chunkSize?: number;
  dailyLimit?: number;
  maxVideoBytes?: number;
  /** Bytes of videos one user may hold; UploadConstants.userQuotaBytes by default. */
  quotaBytes?: number;
  /** Nicknames of users, by uid. */
  nickNames?: Record<number, string>;
  /** Time of posts (ms); 0 when left out. */
  now?: () => number;
}

export interface FakeUploadApi {
  state: FakeUploadState;
  /** Consulted on every call of the feature; return a fault to inject one. */
  fault: ((call: FakeHttpCall) => FakeUploadFault | null) | null;
}

const FAKE_LABELS = [
  { id: 1, name: '搞笑' },
  { id: 2, name: '生活' },
  { id: 3, name: '美食' },
  { id: 4, name: '旅行' },
  { id: 5, name: '萌宠' },
  { id: 6, name: '音乐' },
];

const FAKE_PLACES: readonly Place[] = [
  { id: 'sh-bund', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.24, lng: 121.49 },
  { id: 'bj-gugong', name: '故宫博物院', address: '北京市东城区景山前街4号', lat: 39.92, lng: 116.4 },
];

/** `…MB` for a limit in bytes, as the server names the limit in force. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
}

/** The extension of a video by its first bytes, or '' when it is none we take. */
function videoExtension(bytes: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 8 && ascii(4, 8) === 'ftyp') return ascii(8, 12).startsWith('qt') ? 'mov' : 'mp4';
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  return '';
}

/**
 * An in-memory imitation of the reference server's posting calls (issue 10's wire protocol): labels, publish
 * point, CreateVideoFile, chunks, GetUploadedChunks, SaveVideo, cover chunks, and the posts calls (CreateTrends, the
 * lists, detail and delete: fake-posts-api.ts, installed with these uploads). The caller is the call's login_uid (no token check: pair it with the login imitation for that).
 */
export function installFakeUploadApi(http: FakeHttp, options: FakeUploadApiOptions = {}): FakeUploadApi {
  const chunkSize = options.chunkSize ?? UploadConstants.chunkSize;
  const dailyLimit = options.dailyLimit ?? UploadConstants.dailyPostLimit;
  const maxVideoBytes = options.maxVideoBytes ?? UploadConstants.maxVideoBytes;
  const quotaBytes = options.quotaBytes ?? UploadConstants.userQuotaBytes;
  const state: FakeUploadState = {
    uploads: new Map(),
    posts: [],
    chunkLog: [],
    chunkCalls: [],
    labels: FAKE_LABELS.map((l) => ({ ...l })),
    places: FAKE_PLACES.map((p) => ({ ...p })),
    postsToday: new Map(),
    follows: new Map(),
    postOfVideo: new Map(),
    likes: new Map(),
  };
  const api: FakeUploadApi = { state, fault: null };
  let nextLid = 1;
  let nextVideo = 501;

  const fieldsOf = (call: FakeHttpCall): Record<string, string> => {
    const source = call.method === 'GET' ? call.params : call.body;
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== null) out[key] = typeof value === 'string' ? value : String(value);
    return out;
  };
  const ownUpload = (uid: number, unique: string | undefined): FakeUpload | null => {
    const upload = unique ? state.uploads.get(unique) : undefined;
    return upload && upload.uid === uid ? upload : null;
  };

  /** Registers a route with the fault hook around it. */
  const route: FakeRouter = (method, path, handler) => {
    http.route(method, path, async (call) => {
      const fault = api.fault?.(call) ?? null;
      if (fault === 'network-before') throw new HttpFailure('network', 'Network Error');
      if (fault === 'hang') return new Promise<FakeHttpAnswer>(() => {});
      if (fault && typeof fault === 'object') return fail(fault.ret, fault.msg);
      const answer = await handler(call);
      if (fault === 'network-after') throw new HttpFailure('network', 'Network Error');
      return answer;
    });
  };
  /** The caller is the call's login_uid (no token check: pair it with the login imitation for that). */
  const { serve } = fakeApi(http, { route, signedOut: SESSION_INVALID });
  /** A multipart chunk call: no declared parameters (its fields are read from the multipart body), its answer the fake's own. */
  const chunkCall = (declared: { method: 'POST'; path: string }) => ({ ...declared, carrier: 'form', params: {}, answer: unknown() }) as const;
  const usedBytesOf = (uid: number) => [...state.uploads.values()].filter((u) => u.uid === uid).reduce((sum, u) => sum + u.fileSize, 0);

  serve(UploadCalls.labels, 'optional', () => ok(state.labels));

  serve(UploadCalls.publishPoint, 'required', (_input, uid) => {
    const usedToday = state.postsToday.get(uid) ?? 0;
    const point: PublishPoint = {
      dailyLimit,
      usedToday,
      remaining: Math.max(0, dailyLimit - usedToday),
      canPublish: usedToday < dailyLimit,
      maxVideoBytes,
      quotaBytes,
      usedBytes: usedBytesOf(uid),
      maxDurationSeconds: UploadConstants.maxDurationSeconds,
    };
    return ok(point);
  });

  serve(UploadCalls.createFile, 'required', (input, uid) => {
    const { fileName, fileSize, chunks } = input;
    if (badFileName(fileName)) return fail(UploadRet.FileNameInvalid, UploadTexts.FileNameInvalid);
    if (Number(input.duration) > UploadConstants.maxDurationSeconds) return fail(1002, '参数格式错误：duration');
    if (fileSize > maxVideoBytes) return fail(UploadRet.VideoTooLarge, `视频不能超过${megabytes(maxVideoBytes)}`);
    if (chunks !== Math.ceil(fileSize / chunkSize)) return fail(1002, '参数格式错误：chunks');
    if ((state.postsToday.get(uid) ?? 0) >= dailyLimit) return fail(UploadRet.PublishLimitReached, UploadTexts.PublishLimitReached);
    if (usedBytesOf(uid) + fileSize > quotaBytes) return fail(UploadRet.QuotaExceeded, UploadTexts.QuotaExceeded);
    const lid = nextLid++;
    const upload: FakeUpload = {
      lid,
      id: nextVideo++,
      uniqueFileName: `fakeUpload${lid}_${uid}`,
      uid,
      fileName,
      fileSize,
      duration: Math.round(Number(input.duration)),
      chunks,
      parts: new Map(),
      stored: null,
      storedName: '',
      saved: false,
      labels: [],
      contxt: '',
      coverParts: new Map(),
      coverPath: '',
      cover: null,
    };
    state.uploads.set(upload.uniqueFileName, upload);
    const info: VideoFileInfo = { lid: upload.lid, id: upload.id, uniqueFileName: upload.uniqueFileName };
    return ok(info);
  });

  serve(chunkCall(UploadChunkCalls.videoChunk), 'required', (_input, uid, call) => {
    const f = fieldsOf(call);
    const chunk = Number(f[UploadFields.chunk]);
    state.chunkCalls.push({ file: f[UploadFields.uniqueFileID] ?? '', chunk });
    const upload = ownUpload(uid, f[UploadFields.uniqueFileID]);
    if (!upload || Number(f[UploadFields.uid]) !== uid) return fail(UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
    if (!Number.isInteger(chunk) || chunk < 1 || chunk > upload.chunks || Number(f[UploadFields.chunks]) !== upload.chunks) {
      return fail(UploadRet.ChunkOutOfRange, UploadTexts.ChunkOutOfRange);
    }
    const part = call.files[UploadFields.file];
    const expected = chunk < upload.chunks ? chunkSize : upload.fileSize - chunkSize * (upload.chunks - 1);
    if (!part || part.bytes.length !== expected) return fail(UploadRet.ChunkSizeInvalid, UploadTexts.ChunkSizeInvalid);
    if (chunk === 1 && !videoExtension(part.bytes)) return fail(UploadRet.NotAVideo, UploadTexts.NotAVideo);
    state.chunkLog.push({ file: upload.uniqueFileName, chunk });
    if (!upload.stored) {
      upload.parts.set(chunk, part.bytes);
      if (chunk === 1) upload.storedName = `${UploadConstants.prefix}${upload.uniqueFileName}.${videoExtension(part.bytes)}`;
      if (upload.parts.size === upload.chunks) {
        const whole = new Uint8Array(upload.fileSize);
        for (let n = 1, at = 0; n <= upload.chunks; n += 1) {
          const bytes = upload.parts.get(n) as Uint8Array;
          whole.set(bytes, at);
          at += bytes.length;
        }
        upload.stored = whole;
        upload.parts.clear();
      }
    }
    return ok({ fileName: upload.storedName, chunk, received: receivedOf(upload), complete: upload.stored !== null, serverId: '1' });
  });

  serve(UploadCalls.heldChunks, 'required', (input, uid) => {
    const upload = ownUpload(uid, input.uniqueFileID);
    if (!upload) return fail(UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
    const held: HeldChunks = { received: receivedOf(upload), chunks: upload.chunks, fileName: upload.storedName, complete: upload.stored !== null };
    return ok(held);
  });

  serve(UploadCalls.saveVideo, 'required', (input, uid) => {
    const upload = [...state.uploads.values()].find((u) => u.lid === input.LID && u.id === input.ID);
    if (!upload || upload.uid !== uid || (input.UID !== undefined && input.UID.trim() !== String(uid))) return fail(UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
    if (input.ServerID !== undefined && input.ServerID !== UploadConstants.referenceServerId) return fail(1002, '参数格式错误：ServerID');
    const labels = input.Labels !== undefined && input.Labels.trim() !== '' ? input.Labels.split(',').map((id) => Number(id.trim())) : [];
    const unknown = labels.some((id) => !state.labels.some((l) => l.id === id));
    if (unknown || new Set(labels).size > UploadConstants.maxLabels) return fail(UploadRet.LabelInvalid, UploadTexts.LabelInvalid);
    const contxt = (input.Contxt ?? '').replace(/\r\n?/g, '\n').trim();
    if ([...contxt].length > UploadConstants.maxDescription) return fail(UploadRet.DescriptionTooLong, UploadTexts.DescriptionTooLong);
    if (!upload.stored) return fail(UploadRet.UploadIncomplete, UploadTexts.UploadIncomplete);
    if (input.UploadedFileName === undefined) return fail(1001, '缺少参数：UploadedFileName');
    if (input.UploadedFileName !== upload.storedName) return fail(1002, '参数格式错误：UploadedFileName');
    if (input.Corver !== undefined && input.Corver !== upload.coverPath) return fail(1002, '参数格式错误：Corver');
    upload.saved = true;
    upload.labels = [...new Set(labels)];
    upload.contxt = contxt;
    const saved: SavedVideo = { videoId: upload.id };
    return ok(saved);
  });

  serve(
    UploadCalls.placeSearch,
    'optional',
    (input) => {
      const keyword = (input.keyword ?? '').trim();
      // eslint-disable-next-line no-control-regex -- control characters are what it refuses
      if ([...keyword].length > UploadConstants.maxPlaceKeyword || /[\u0000-\u001f\u007f]/.test(keyword)) return fail(UploadRet.PlaceSearchInvalid, UploadTexts.PlaceSearchInvalid);
      if (input.lat !== undefined || input.lng !== undefined) {
        if (input.lat === undefined || Math.abs(Number(input.lat)) > 90) return fail(1002, '参数格式错误：lat');
        if (input.lng === undefined || Math.abs(Number(input.lng)) > 180) return fail(1002, '参数格式错误：lng');
      }
      const found: PlaceList = { list: state.places.filter((place) => keyword === '' || place.name.includes(keyword) || place.address.includes(keyword)) };
      return ok(found);
    },
  );

  serve(chunkCall(UploadChunkCalls.coverChunk), 'required', (_input, uid, call) => {
    const f = fieldsOf(call);
    const upload = ownUpload(uid, f[UploadFields.uniqueFileID]);
    if (!upload) return fail(UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
    if (!upload.saved) return fail(UploadRet.VideoNotSaved, UploadTexts.VideoNotSaved);
    const chunk = Number(f[UploadFields.chunk]);
    const chunks = Number(f[UploadFields.chunks]);
    const part = call.files[UploadFields.coverFile];
    if (!part) return fail(UploadRet.NotAnImage, UploadTexts.NotAnImage);
    if (!Number.isInteger(chunk) || chunk < 1 || chunk > chunks) return fail(UploadRet.ChunkOutOfRange, UploadTexts.ChunkOutOfRange);
    upload.coverParts.set(chunk, part.bytes);
    const received = [...upload.coverParts.keys()].sort((a, b) => a - b);
    if (received.length < chunks) return ok({ received });
    const size = received.reduce((sum, n) => sum + (upload.coverParts.get(n) as Uint8Array).length, 0);
    const cover = new Uint8Array(size);
    for (let n = 1, at = 0; n <= chunks; n += 1) {
      const bytes = upload.coverParts.get(n) as Uint8Array;
      cover.set(bytes, at);
      at += bytes.length;
    }
    upload.cover = cover;
    upload.coverParts.clear();
    upload.coverPath = `/media/uploads/covers/${upload.uniqueFileName}.jpg`;
    return ok({ filepath: upload.coverPath, received });
  });

  installFakePostsApi(http, {
    state,
    route,
    dailyLimit,
    labels: () => state.labels,
    savedVideo: (videoId) => {
      const upload = [...state.uploads.values()].find((u) => u.id === videoId && u.saved);
      return upload && { id: upload.id, uid: upload.uid, coverPath: upload.coverPath, videoUrl: `/uploads/videos/${upload.storedName}`, duration: upload.duration };
    },
    ...(options.nickNames ? { nickNames: options.nickNames } : {}),
    ...(options.now ? { now: options.now } : {}),
  });

  return api;
}

/** Path characters, '..', NUL or control characters. */
function badFileName(name: string): boolean {
  return name.includes('/') || name.includes('\\') || name.includes('..') || [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

function receivedOf(upload: FakeUpload): number[] {
  if (upload.stored) return Array.from({ length: upload.chunks }, (_, i) => i + 1);
  return [...upload.parts.keys()].sort((a, b) => a - b);
}
