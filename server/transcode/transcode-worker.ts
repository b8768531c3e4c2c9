/**
 * The transcoding worker: claims queued jobs from the database (each job once, however many processes share it),
 * probes the source, makes the HLS ladder and records the result. While a job runs it beats the job's heartbeat; a
 * job cancelled from the console (or taken from it) is seen at the next beat and ffmpeg is stopped. Jobs whose
 * heartbeat stopped (a process killed mid-job) are queued again, or failed after MAX_ATTEMPTS tries, by any worker.
 * Runs inside the server (TRANSCODE_CONCURRENCY) or alone (`--worker`).
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { ConsoleMediaTexts } from '../../src/core/admin-media/admin-media-texts.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import type { X264Preset } from '../config.ts';
import type { MediaTools } from './media-tools.ts';
import { DEFAULT_PROBE_LIMITS, ProbeRefusal, probeSource, type ProbeLimits } from './probe.ts';
import { TranscodeFailure, transcodeSource } from './transcode-run.ts';
import type { SourceFiles } from './source-files.ts';
import { beat, claimJob, failJob, finishJob, recoverStaleJobs, releaseJob, type JobRecord } from './transcode-repository.ts';

/** Tries a job gets when its process keeps dying under it. */
const MAX_ATTEMPTS = 3;

export interface TranscodeWorkerOptions {
  db: Database;
  clock: Clock;
  tools: MediaTools;
  sources: SourceFiles;
  renditionsDir: string;
  /** Jobs run at once. */
  concurrency: number;
  /** A running job whose heartbeat is older than this is taken as orphaned. */
  staleMs: number;
  limits?: Partial<ProbeLimits>;
  /** x264's preset (TRANSCODE_PRESET; default veryfast). */
  preset?: X264Preset;
  /** How often a running job's heartbeat is beaten (and a cancel noticed). */
  heartbeatMs?: number;
  /** How often the queue is looked at when idle. */
  pollMs?: number;
  log?: { info(data: object, message: string): void; warn(data: object, message: string): void };
}

/** The output folder of a job's media key. */
export function renditionPath(renditionsDir: string, mediaKey: string): string {
  return join(renditionsDir, mediaKey);
}

export class TranscodeWorker {
  /** This worker's name in the jobs it claims: host, process and a random part. */
  readonly name = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private looking: Promise<void> | undefined;
  private readonly limits: ProbeLimits;

  constructor(private readonly options: TranscodeWorkerOptions) {
    this.limits = { ...DEFAULT_PROBE_LIMITS, ...options.limits };
  }

  /** Starts looking at the queue (now, and every pollMs). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Looks at the queue now (a job was just queued). */
  wake(): void {
    if (this.stopped) return;
    this.looking ??= this.look().finally(() => {
      this.looking = undefined;
      this.schedule();
    });
  }

  /** Jobs running in this process. */
  get busy(): number {
    return this.running.size;
  }

  /**
   * Stops claiming; the jobs it runs are stopped and queued again for another worker (or the next start), their
   * partial output removed.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.looking;
    for (const { abort } of this.running.values()) abort.abort();
    await Promise.all([...this.running.values()].map(({ done }) => done));
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
  }

  private now(): Date {
    return new Date(this.options.clock.now());
  }

  private async look(): Promise<void> {
    const { db } = this.options;
    try {
      const recovered = await recoverStaleJobs(db, new Date(this.options.clock.now() - this.options.staleMs), MAX_ATTEMPTS, ConsoleMediaTexts.interrupted, this.now());
      for (const job of recovered) {
        this.options.log?.warn({ job: job.id, state: job.state }, 'transcode job had lost its worker');
        if (job.state === 'failed') await rm(`${renditionPath(this.options.renditionsDir, job.mediaKey)}.part`, { recursive: true, force: true });
      }
      while (!this.stopped && this.running.size < this.options.concurrency) {
        const job = await claimJob(db, this.name, this.now());
        if (job === null) break;
        const abort = new AbortController();
        const done = this.run(job, abort).finally(() => {
          this.running.delete(job.id);
          this.wake();
        });
        this.running.set(job.id, { abort, done });
      }
    } catch (error) {
      this.options.log?.warn({ err: error }, 'transcode queue could not be read');
    }
  }

  private async run(job: JobRecord, abort: AbortController): Promise<void> {
    const { db, tools, sources, renditionsDir } = this.options;
    const outDir = renditionPath(renditionsDir, job.mediaKey);
    let progress: { state?: 'probing' | 'transcoding'; percent?: number; durationMs?: number; width?: number; height?: number } = {};
    let stoppedBy: 'cancel' | 'shutdown' | undefined;
    const heartbeat = setInterval(() => {
      const sent = progress;
      progress = {};
      void beat(db, job.id, this.name, this.now(), sent).then(
        (state) => {
          if (state !== 'probing' && state !== 'transcoding') {
            stoppedBy = 'cancel';
            abort.abort();
          }
        },
        () => undefined,
      );
    }, this.options.heartbeatMs ?? 1000);
    try {
      // What an earlier try of this job left (its process died before it could record the result).
      await rm(outDir, { recursive: true, force: true });
      const input = sources.wholePath(job.sourceId);
      const probe = await probeSource(tools, input, this.limits, abort.signal);
      progress = { state: 'transcoding', percent: 0, durationMs: Math.round(probe.durationSeconds * 1000), width: probe.width, height: probe.height };
      await beat(db, job.id, this.name, this.now(), progress);
      progress = {};
      const output = await transcodeSource({
        tools,
        input,
        outDir,
        probe,
        signal: abort.signal,
        ...(this.options.preset ? { preset: this.options.preset } : {}),
        onProgress: (percent) => {
          progress = { ...progress, percent: Math.min(99, percent) };
        },
      });
      const finished = await finishJob(db, job.id, this.name, {
        rungs: output.rungs.map((rung) => rung.name),
        outputBytes: output.bytes,
        durationMs: Math.round(output.durationSeconds * 1000),
        width: output.width,
        height: output.height,
      }, this.now());
      // Cancelled (or taken over) at the last moment: what was made is not kept.
      if (!finished) await rm(outDir, { recursive: true, force: true });
      this.options.log?.info({ job: job.id, finished }, 'transcode job done');
    } catch (error) {
      if (abort.signal.aborted) {
        stoppedBy ??= 'shutdown';
        await rm(outDir, { recursive: true, force: true });
        if (stoppedBy === 'shutdown') await this.requeue(job);
        return;
      }
      const reason = error instanceof ProbeRefusal || error instanceof TranscodeFailure ? error.message : '转码失败';
      const tail = error instanceof TranscodeFailure ? error.stderrTail : '';
      this.options.log?.warn({ job: job.id, err: error }, 'transcode job failed');
      await failJob(db, job.id, this.name, reason, tail, this.now()).catch(() => false);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A job stopped by this worker's shutdown goes back to the queue (its try not counted). */
  private async requeue(job: JobRecord): Promise<void> {
    await releaseJob(this.options.db, job.id, this.name, this.now()).catch(() => undefined);
  }
}
