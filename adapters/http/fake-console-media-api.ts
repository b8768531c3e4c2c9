import { ConsoleMediaCalls, ConsoleMediaRet, isActiveJob, type MediaJob } from '../../src/core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaLimits, ConsoleMediaTexts } from '../../src/core/admin-media/admin-media-texts.ts';
import type { ConsoleOperator } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { ConsoleAccessRet, CONSOLE_PAGES, type OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { ConsoleAccessTexts } from '../../src/core/shared-kernel/console-access-texts.ts';
import { Ret } from '../../src/core/request/ret.ts';
import { fail, fakeApi, ok, refuse } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

interface FakeSource {
  id: number;
  operatorId: number;
  fileName: string;
  size: number;
  chunkCount: number;
  chunks: Map<number, Uint8Array>;
  state: 'uploading' | 'whole' | 'removed';
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeConsoleMediaState {
  readonly jobs: MediaJob[];
  /** Sources by id: their state, and the chunks held while uploading. */
  readonly sources: ReadonlyMap<number, Readonly<FakeSource>>;
  /** Whether ffmpeg is said to be found, the size limit and the quota (tests change them). */
  settings: { toolsFound: boolean; maxSourceBytes: number; quotaBytes: number };
  /** Moves a job on as a worker would (probing, transcoding with a percent, ready with its rungs, failed with a reason). */
  advance(jobId: number, change: Partial<Pick<MediaJob, 'state' | 'percent' | 'error' | 'errorTail' | 'rungs' | 'durationSeconds' | 'width' | 'height'>>): MediaJob;
}

export interface FakeConsoleMediaOptions {
  /** The signed-in operator of a call's browser (the console operators' fake: its state's callerOf), or null. */
  callerOf: (call: FakeHttpCall) => ConsoleOperator | null;
  /** Writes a change's audit row (the console operators' fake: its state's record). */
  record: (operator: ConsoleOperator, action: string, target: string, before: Record<string, unknown> | null, after: Record<string, unknown>) => void;
  now?: () => number;
}

/** Whether the first bytes start a video container the server takes (an ISO-BMFF `ftyp` box, or EBML). */
function looksLikeVideo(head: Uint8Array): boolean {
  const ftyp = head.length >= 8 && String.fromCharCode(...head.subarray(4, 8)) === 'ftyp';
  const ebml = head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
  return ftyp || ebml;
}

/**
 * An in-memory imitation of the reference server's console ingest calls (admin-media-protocol.ts; the contract suite
 * test/contract/console-media-protocol.test.ts runs one suite against both), on the console operators' fake sessions.
 * Jobs stay queued until a test moves them on (advance).
 */
export function installFakeConsoleMediaApi(http: FakeHttp, options: FakeConsoleMediaOptions): FakeConsoleMediaState {
  const now = options.now ?? (() => Date.now());
  const sources = new Map<number, FakeSource>();
  let nextSource = 1;
  let nextJob = 1;
  const state: FakeConsoleMediaState = {
    jobs: [],
    sources,
    settings: { toolsFound: true, maxSourceBytes: ConsoleMediaLimits.defaultMaxSourceBytes, quotaBytes: 100 * 1024 ** 3 },
    advance(jobId, change) {
      const job = state.jobs.find((one) => one.id === jobId);
      if (!job) throw new Error(`no job ${jobId}`);
      Object.assign(job, change, { updatedAt: now() });
      if (job.state === 'ready') job.percent = 100;
      return { ...job };
    },
  };
  const { serve } = fakeApi(http, {
    caller: (call) => options.callerOf(call)?.id ?? null,
    signedOut: fail(ConsoleAccessRet.SignInRequired, ConsoleAccessTexts.signInRequired),
  });
  const editor = (call: FakeHttpCall): ConsoleOperator => {
    const operator = options.callerOf(call);
    if (!operator || !(CONSOLE_PAGES.media as readonly OperatorRole[]).includes(operator.role)) throw refuse(ConsoleAccessRet.Forbidden, ConsoleAccessTexts.forbidden);
    return operator;
  };
  const notFound = () => refuse(ConsoleMediaRet.NotFound, ConsoleMediaTexts.notFound);
  const usedBytes = () => [...sources.values()].filter((source) => source.state !== 'removed').reduce((sum, source) => sum + source.size, 0);
  const uploadOf = (source: FakeSource) => ({ sourceId: source.id, chunkCount: source.chunkCount, chunkSize: ConsoleMediaLimits.chunkSize, received: [...source.chunks.keys()].sort((a, b) => a - b) });
  const expected = (source: FakeSource, chunk: number) => (chunk < source.chunkCount ? ConsoleMediaLimits.chunkSize : source.size - ConsoleMediaLimits.chunkSize * (source.chunkCount - 1));

  serve(ConsoleMediaCalls.info, 'required', (_, __, call) => {
    editor(call);
    return ok({ toolsFound: state.settings.toolsFound, maxSourceBytes: state.settings.maxSourceBytes, chunkSize: ConsoleMediaLimits.chunkSize, quotaBytes: state.settings.quotaBytes, usedBytes: usedBytes() });
  });

  serve(ConsoleMediaCalls.createSource, 'required', (input, _, call) => {
    const operator = editor(call);
    if (input.size > state.settings.maxSourceBytes) {
      const gb = state.settings.maxSourceBytes / 1024 ** 3;
      return fail(ConsoleMediaRet.TooLarge, ConsoleMediaTexts.tooLarge(gb >= 1 ? `${gb}GB` : `${state.settings.maxSourceBytes / 1024 ** 2}MB`));
    }
    const resumed = [...sources.values()].reverse().find((one) => one.operatorId === operator.id && one.fileName === input.fileName && one.size === input.size && one.state === 'uploading');
    if (resumed) return ok(uploadOf(resumed));
    if (usedBytes() + input.size > state.settings.quotaBytes) return fail(ConsoleMediaRet.QuotaFull, ConsoleMediaTexts.quotaFull);
    const source: FakeSource = { id: nextSource++, operatorId: operator.id, fileName: input.fileName, size: input.size, chunkCount: Math.ceil(input.size / ConsoleMediaLimits.chunkSize), chunks: new Map(), state: 'uploading' };
    sources.set(source.id, source);
    options.record(operator, 'media.upload', `source:${source.id}`, null, { fileName: source.fileName, sizeBytes: source.size });
    return ok(uploadOf(source));
  });

  serve(ConsoleMediaCalls.chunk, 'required', (input, _, call) => {
    const operator = editor(call);
    const source = sources.get(input.sourceId);
    if (!source || source.state !== 'uploading' || source.operatorId !== operator.id) throw notFound();
    const bytes = call.bytes;
    if (bytes === null) return fail(Ret.BadParam, '参数格式错误：body');
    if (input.chunk > source.chunkCount || bytes.length !== expected(source, input.chunk)) return fail(ConsoleMediaRet.ChunkRefused, ConsoleMediaTexts.chunkRefused);
    source.chunks.set(input.chunk, bytes);
    return ok(uploadOf(source));
  });

  serve(ConsoleMediaCalls.completeSource, 'required', (input, _, call) => {
    const operator = editor(call);
    const source = sources.get(input.sourceId);
    if (!source || source.state === 'removed' || source.operatorId !== operator.id) throw notFound();
    if (source.state === 'uploading') {
      if (source.chunks.size !== source.chunkCount) return fail(ConsoleMediaRet.Incomplete, ConsoleMediaTexts.incomplete);
      if (!looksLikeVideo(source.chunks.get(1) ?? new Uint8Array())) {
        source.state = 'removed';
        source.chunks.clear();
        return fail(ConsoleMediaRet.NotVideo, ConsoleMediaTexts.notVideoFile);
      }
      source.state = 'whole';
      source.chunks.clear();
      const job: MediaJob = {
        id: nextJob++, sourceId: source.id, fileName: source.fileName, sizeBytes: source.size, state: 'queued', percent: 0, error: '', errorTail: '',
        durationSeconds: null, width: null, height: null, rungs: [], mediaKey: '', operatorName: operator.name, createdAt: now(), updatedAt: now(),
      };
      state.jobs.push(job);
      options.record(operator, 'media.queue', `job:${job.id}`, null, { fileName: source.fileName, sourceId: source.id });
    }
    const job = state.jobs.find((one) => one.sourceId === source.id);
    return job ? ok({ ...job }) : fail(ConsoleMediaRet.NotFound, ConsoleMediaTexts.notFound);
  });

  serve(ConsoleMediaCalls.jobs, 'required', (input, _, call) => {
    editor(call);
    const all = [...state.jobs].reverse().filter((job) => !input.state || job.state === input.state);
    const list = all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize).map((job) => ({ ...job }));
    return ok({ list, total: all.length, page: input.page, pageSize: input.pageSize });
  });

  serve(ConsoleMediaCalls.cancel, 'required', (input, _, call) => {
    const operator = editor(call);
    const job = state.jobs.find((one) => one.id === input.jobId);
    if (!job) throw notFound();
    if (!isActiveJob(job.state)) return fail(ConsoleMediaRet.NotCancellable, ConsoleMediaTexts.notCancellable);
    const before = { fileName: job.fileName, state: job.state, sourceId: job.sourceId };
    Object.assign(job, { state: 'cancelled', percent: 0, updatedAt: now() });
    const source = sources.get(job.sourceId);
    if (source) source.state = 'removed';
    options.record(operator, 'media.cancel', `job:${job.id}`, before, { ...before, state: 'cancelled' });
    return ok({ ...job });
  });

  serve(ConsoleMediaCalls.retry, 'required', (input, _, call) => {
    const operator = editor(call);
    const job = state.jobs.find((one) => one.id === input.jobId);
    if (!job) throw notFound();
    if (job.state !== 'failed') return fail(ConsoleMediaRet.NotRetryable, ConsoleMediaTexts.notRetryable);
    const before = { fileName: job.fileName, state: job.state, sourceId: job.sourceId };
    Object.assign(job, { state: 'queued', percent: 0, error: '', errorTail: '', updatedAt: now() });
    options.record(operator, 'media.retry', `job:${job.id}`, before, { ...before, state: 'queued' });
    return ok({ ...job });
  });

  return state;
}
