/**
 * The operator console's ingest (素材转码, ConsoleMediaCalls): a source uploaded in chunks and resumed, its content
 * checked when whole, one transcoding job per source, cancel and retry; every change audited. The chunk's bytes are
 * the request body (application/octet-stream), streamed to disk and counted, so the route lives in a scope of its own
 * that leaves such a body unread for it.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { AppServices } from '../app-services.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { IngestSettings } from '../config.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { actorOf, serveConsole, serveConsoleBytes, type ConsoleGuard } from '../http/console-route.ts';
import { ConsoleMediaCalls, ConsoleMediaRet, isActiveJob, type MediaJob, type SourceUpload } from '../../src/core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaLimits, ConsoleMediaTexts } from '../../src/core/admin-media/admin-media-texts.ts';
import { CONSOLE_PAGES } from '../../src/core/shared-kernel/console-access.ts';
import { ChunkSizeError, type SourceFiles } from './source-files.ts';
import { renditionPath } from './transcode-worker.ts';
import {
  findJob, findJobOfSource, findResumableSource, findSource, insertJob, insertSource, listJobs, lockJob, lockQuota, markSourceRemoved, markSourceWhole, noteChunk, receivedChunks,
  setJobState, usedMediaBytes, type SourceRecord,
} from './transcode-repository.ts';

export interface IngestDeps {
  settings: IngestSettings;
  sources: SourceFiles;
  /** Whether ffmpeg and ffprobe were found in this process. */
  toolsFound: boolean;
  /** A job was queued (the in-process worker looks at once). */
  queued(): void;
}

const notFound = () => new ApiError(ConsoleMediaRet.NotFound, ConsoleMediaTexts.notFound);
const chunkRefused = () => new ApiError(ConsoleMediaRet.ChunkRefused, ConsoleMediaTexts.chunkRefused);

/** `4GB`, `300MB`: a limit as the refusal names it. */
function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  if (gb >= 1) return `${Number.isInteger(gb) ? gb : gb.toFixed(1)}GB`;
  const mb = bytes / 1024 ** 2;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)}MB`;
}

function chunkCountOf(size: number): number {
  return Math.ceil(size / ConsoleMediaLimits.chunkSize);
}

/** The bytes chunk `chunk` (from 1) of a source holds: a whole chunk, the last one the rest. */
function expectedBytes(source: SourceRecord, chunk: number): number {
  return chunk < source.chunkCount ? ConsoleMediaLimits.chunkSize : source.sizeBytes - ConsoleMediaLimits.chunkSize * (source.chunkCount - 1);
}

async function uploadOf(db: AppServices['db'], source: SourceRecord): Promise<SourceUpload> {
  return { sourceId: source.id, chunkCount: source.chunkCount, chunkSize: ConsoleMediaLimits.chunkSize, received: await receivedChunks(db, source.id) };
}

const audited = (job: MediaJob) => ({ fileName: job.fileName, state: job.state, sourceId: job.sourceId });

export function registerConsoleMediaRoutes(api: ApiRouter, services: AppServices, guard: ConsoleGuard, ingest: IngestDeps): void {
  const { db, clock } = services;
  const { settings, sources } = ingest;
  const access = CONSOLE_PAGES.media;
  const now = () => new Date(clock.now());

  serveConsole(api, guard, ConsoleMediaCalls.info, access, async () => ({
    toolsFound: ingest.toolsFound,
    maxSourceBytes: settings.maxSourceBytes,
    chunkSize: ConsoleMediaLimits.chunkSize,
    quotaBytes: settings.quotaBytes,
    usedBytes: await usedMediaBytes(db),
  }));

  serveConsole(api, guard, ConsoleMediaCalls.createSource, access, async ({ caller, input }) => {
    if (input.size > settings.maxSourceBytes) throw new ApiError(ConsoleMediaRet.TooLarge, ConsoleMediaTexts.tooLarge(sizeText(settings.maxSourceBytes)));
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f/\\]/.test(input.fileName)) throw badParam('fileName');
    const source = await db.transaction(async (tx) => {
      const resumed = await findResumableSource(tx, caller.operator.id, input.fileName, input.size);
      if (resumed) return resumed;
      // One upload at a time is checked against the quota (the count and the insert under one lock).
      await lockQuota(tx);
      if ((await usedMediaBytes(tx)) + input.size > settings.quotaBytes) throw new ApiError(ConsoleMediaRet.QuotaFull, ConsoleMediaTexts.quotaFull);
      const made = await insertSource(tx, { operatorId: caller.operator.id, fileName: input.fileName, sizeBytes: input.size, chunkCount: chunkCountOf(input.size) }, now());
      await recordAudit(tx, actorOf(caller), { action: 'media.upload', target: `source:${made.id}`, before: null, after: { fileName: made.fileName, sizeBytes: made.sizeBytes } }, now());
      return made;
    });
    await sources.reserve(source.id);
    return uploadOf(db, source);
  });

  // The chunk call: its body is the chunk's bytes, streamed to disk.
  serveConsoleBytes(api, guard, ConsoleMediaCalls.chunk, access, async ({ caller, input, body }) => {
    const source = await findSource(db, input.sourceId);
    // An upload is its operator's own until it is whole: another's is not found.
    if (!source || source.state !== 'uploading' || source.operatorId !== caller.operator.id) throw notFound();
    if (input.chunk > source.chunkCount) throw chunkRefused();
    try {
      await sources.writeChunk(source.id, (input.chunk - 1) * ConsoleMediaLimits.chunkSize, body, expectedBytes(source, input.chunk));
    } catch (error) {
      if (error instanceof ChunkSizeError) throw chunkRefused();
      // Its file went meanwhile (completed or cancelled at that moment).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
      throw error;
    }
    await noteChunk(db, source.id, input.chunk, expectedBytes(source, input.chunk), now());
    return uploadOf(db, source);
  });

  serveConsole(api, guard, ConsoleMediaCalls.completeSource, access, async ({ caller, input }) => {
    const source = await findSource(db, input.sourceId);
    if (!source || source.state === 'removed' || source.operatorId !== caller.operator.id) throw notFound();
    if (source.state === 'uploading') {
      if ((await receivedChunks(db, source.id)).length !== source.chunkCount) throw new ApiError(ConsoleMediaRet.Incomplete, ConsoleMediaTexts.incomplete);
      // The chunks were written in place: the file is whole. The row changes only if still uploading.
      // A second CompleteSource of the same source at the same moment finds the file already moved: it answers the job.
      const container = await sources.complete(source.id).catch(() => null);
      if (container === null) {
        const job = await findJobOfSource(db, source.id);
        if (job) return job;
        throw notFound();
      }
      const jobId = await db.transaction(async (tx) => {
        const locked = await findSource(tx, source.id, true);
        if (!locked || locked.state !== 'uploading') return null;
        if (container === undefined) {
          await markSourceRemoved(tx, source.id, now());
          return null;
        }
        await markSourceWhole(tx, source.id, container, now());
        const id = await insertJob(tx, source.id, `v${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`, now());
        await recordAudit(tx, actorOf(caller), { action: 'media.queue', target: `job:${id}`, before: null, after: { fileName: source.fileName, sourceId: source.id, container } }, now());
        return id;
      });
      // Not a video: SourceFiles.complete has removed its file already.
      if (container === undefined) {
        throw new ApiError(ConsoleMediaRet.NotVideo, ConsoleMediaTexts.notVideoFile);
      }
      if (jobId !== null) ingest.queued();
    }
    const job = await findJobOfSource(db, source.id);
    if (!job) throw notFound();
    return job;
  });

  serveConsole(api, guard, ConsoleMediaCalls.jobs, access, async ({ input }) => {
    const { list, total } = await listJobs(db, { page: input.page, pageSize: input.pageSize, state: input.state as MediaJob['state'] | undefined });
    return { list, total, page: input.page, pageSize: input.pageSize };
  });

  serveConsole(api, guard, ConsoleMediaCalls.cancel, access, async ({ caller, input }) => {
    const before = await findJob(db, input.jobId);
    if (!before) throw notFound();
    const cancelled = await db.transaction(async (tx) => {
      const job = await lockJob(tx, input.jobId);
      if (!job) return null;
      if (!isActiveJob(job.state)) return { ...job, changed: false };
      await setJobState(tx, job.id, 'cancelled', now());
      await markSourceRemoved(tx, job.sourceId, now());
      await recordAudit(tx, actorOf(caller), { action: 'media.cancel', target: `job:${job.id}`, before: audited(before), after: { ...audited(before), state: 'cancelled' } }, now());
      return { ...job, changed: true };
    });
    if (!cancelled) throw notFound();
    if (!cancelled.changed) throw new ApiError(ConsoleMediaRet.NotCancellable, ConsoleMediaTexts.notCancellable);
    // The worker running it sees the cancel at its next heartbeat and removes its partial output; a queued job has none.
    await sources.remove(cancelled.sourceId);
    await rm(renditionPath(settings.renditionsDir, cancelled.mediaKey), { recursive: true, force: true });
    return (await findJob(db, input.jobId)) ?? before;
  });

  serveConsole(api, guard, ConsoleMediaCalls.retry, access, async ({ caller, input }) => {
    const before = await findJob(db, input.jobId);
    if (!before) throw notFound();
    const retried = await db.transaction(async (tx) => {
      const job = await lockJob(tx, input.jobId);
      if (!job || job.state !== 'failed') return false;
      await setJobState(tx, job.id, 'queued', now());
      await recordAudit(tx, actorOf(caller), { action: 'media.retry', target: `job:${job.id}`, before: audited(before), after: { ...audited(before), state: 'queued' } }, now());
      return true;
    });
    if (!retried) throw new ApiError(ConsoleMediaRet.NotRetryable, ConsoleMediaTexts.notRetryable);
    ingest.queued();
    return (await findJob(db, input.jobId)) ?? before;
  });
}
