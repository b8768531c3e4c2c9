/**
 * The operator console's ingest calls (素材转码, issue 33), declared once for the console, the reference server
 * (server/transcode/console-routes.ts) and the fake (adapters/http/fake-console-media-api.ts): a source video uploaded
 * in chunks (resumed after a dropped connection or a closed tab), the transcoding job each whole source gets, and
 * cancelling or retrying one. Owners and editors only.
 */
import { object, picklist, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { Ret } from '../request/ret.ts';
import { ConsoleAccessRet } from '../shared-kernel/console-access.ts';
import { pageOf } from '../shared-kernel/video.ts';
import { ConsoleMediaLimits } from './admin-media-texts.ts';

export const MEDIA_JOB_STATES = ['queued', 'probing', 'transcoding', 'ready', 'failed', 'cancelled'] as const;
export type MediaJobState = (typeof MEDIA_JOB_STATES)[number];

/** A job still under way (the console refreshes while one is shown). */
export function isActiveJob(state: MediaJobState): boolean {
  return state === 'queued' || state === 'probing' || state === 'transcoding';
}

export const ConsoleMediaRet = {
  /** No source or job with that id. */
  NotFound: 9530,
  /** The source is larger than SOURCE_MAX_BYTES. */
  TooLarge: 9531,
  /** Sources and renditions would pass the disk quota (MEDIA_QUOTA_BYTES). */
  QuotaFull: 9532,
  /** The whole file is not a video container (checked by its content, not its name). */
  NotVideo: 9533,
  /** A chunk out of range or of the wrong size. */
  ChunkRefused: 9534,
  /** Completed before every chunk arrived. */
  Incomplete: 9535,
  /** Cancel asked of a job that has ended. */
  NotCancellable: 9536,
  /** Retry asked of a job that has not failed (a cancelled job's source is gone: it is uploaded again). */
  NotRetryable: 9537,
} as const;

const FORBIDDEN = ConsoleAccessRet.Forbidden;

/** Whether this service can transcode, and the limits of a source. */
const ingestInfo = object({
  /** An ffmpeg and ffprobe were found on this server (a worker elsewhere may still transcode). */
  toolsFound: wire.flag,
  maxSourceBytes: wire.amount(),
  chunkSize: wire.amount(),
  quotaBytes: wire.amount(),
  usedBytes: wire.amount(),
});

export type IngestInfo = InferOutput<typeof ingestInfo>;

/** A source being uploaded: its chunks as numbers from 1, those the server holds. */
const sourceUpload = object({
  sourceId: wire.id,
  chunkCount: wire.count,
  chunkSize: wire.amount(),
  received: wire.items(wire.count),
});

export type SourceUpload = InferOutput<typeof sourceUpload>;

/** A transcoding job as the console lists it. */
const mediaJob = object({
  id: wire.id,
  sourceId: wire.id,
  fileName: wire.text,
  sizeBytes: wire.amount(),
  state: picklist(MEDIA_JOB_STATES),
  percent: wire.count,
  error: wire.text,
  errorTail: wire.text,
  durationSeconds: wire.amountOrNull,
  width: wire.amountOrNull,
  height: wire.amountOrNull,
  /** The renditions made, highest first ('1080p', '720p', …): empty until ready. */
  rungs: wire.items(wire.text),
  /** Where the result lives once ready (the master playlist's folder under the media store). */
  mediaKey: wire.text,
  operatorName: wire.text,
  createdAt: wire.amount(),
  updatedAt: wire.amount(),
});

export type MediaJob = InferOutput<typeof mediaJob>;

const jobPage = pageOf(mediaJob);
export type MediaJobPage = InferOutput<typeof jobPage>;

const jobId = { jobId: { kind: 'id' } } as const;

export const ConsoleMediaCalls = {
  /** Whether ffmpeg was found here, the source limits and the disk quota in use. */
  info: call({ method: 'GET', path: '/api/admin/Media/Info', carrier: 'query', params: {}, answer: ingestInfo, refusals: [FORBIDDEN] }),
  /**
   * Starts (or resumes) the upload of a source: the operator's unfinished upload of a file with the same name and
   * size is resumed with the chunks already held.
   */
  createSource: call({
    method: 'POST',
    path: '/api/admin/Media/CreateSource',
    carrier: 'form',
    params: {
      fileName: { kind: 'text', max: ConsoleMediaLimits.maxFileName, trim: true },
      size: { kind: 'int', min: 1, max: Number.MAX_SAFE_INTEGER, wide: true },
    },
    answer: sourceUpload,
    refusals: [ConsoleMediaRet.TooLarge, ConsoleMediaRet.QuotaFull, FORBIDDEN, Ret.BadParam],
  }),
  /** One chunk of a source: the bytes are the body (application/octet-stream); answers the chunks held. */
  chunk: call({
    method: 'POST',
    path: '/api/admin/Media/Chunk',
    carrier: 'query',
    params: {
      sourceId: { kind: 'id' },
      chunk: { kind: 'int', min: 1, max: 1_000_000 },
    },
    answer: sourceUpload,
    refusals: [ConsoleMediaRet.NotFound, ConsoleMediaRet.ChunkRefused, FORBIDDEN],
  }),
  /** The source is whole: checked by its content and queued for transcoding; answers its job. */
  completeSource: call({
    method: 'POST',
    path: '/api/admin/Media/CompleteSource',
    carrier: 'form',
    params: { sourceId: { kind: 'id' } },
    answer: mediaJob,
    refusals: [ConsoleMediaRet.NotFound, ConsoleMediaRet.Incomplete, ConsoleMediaRet.NotVideo, FORBIDDEN],
  }),
  /** The jobs, the newest first, by state. */
  jobs: call({
    method: 'GET',
    path: '/api/admin/Media/Jobs',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: 100_000, fallback: 1 },
      pageSize: { kind: 'int', min: 1, max: 100, fallback: 20 },
      state: { kind: 'text', max: 16, optional: true, oneOf: MEDIA_JOB_STATES },
    },
    answer: jobPage,
    refusals: [FORBIDDEN],
  }),
  /** Cancels a job under way: ffmpeg is stopped, and what it made and its source are removed. */
  cancel: call({ method: 'POST', path: '/api/admin/Media/Cancel', carrier: 'form', params: jobId, answer: mediaJob, refusals: [ConsoleMediaRet.NotFound, ConsoleMediaRet.NotCancellable, FORBIDDEN] }),
  /** Queues a failed job again. */
  retry: call({ method: 'POST', path: '/api/admin/Media/Retry', carrier: 'form', params: jobId, answer: mediaJob, refusals: [ConsoleMediaRet.NotFound, ConsoleMediaRet.NotRetryable, FORBIDDEN] }),
} as const;
