/**
 * The operator console's ingest (素材转码): a source sent in chunks (only those the server does not hold yet, so
 * picking the same file again after a dropped connection or a closed tab resumes it), a chunk retried after a
 * transport failure, then the job it became; the jobs, cancel and retry. A refusal is answered for the page to show.
 */
import { ApiError, outcomeOf, type Outcome } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ClientRet } from '../request/ret.ts';
import type { Clock } from '../ports/clock.ts';
import type { LocalFile, LocalFiles } from '../ports/local-files.ts';
import { ConsoleMediaCalls, type IngestInfo, type MediaJob, type MediaJobPage, type MediaJobState } from './admin-media-protocol.ts';
import { ConsoleMediaTexts } from './admin-media-texts.ts';


/** Waits between the tries of a chunk after a transport failure. */
const CHUNK_RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000];

export interface UploadProgress {
  /** Bytes the server holds. */
  sentBytes: number;
  totalBytes: number;
}


export class ConsoleMedia {
  constructor(
    private readonly api: ApiClient,
    private readonly files: LocalFiles,
    private readonly clock: Clock,
  ) {}

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.clock.schedule(resolve, ms));
  }

  async info(): Promise<IngestInfo> {
    return this.api.request(ConsoleMediaCalls.info, {});
  }

  async jobs(page: number, pageSize: number, state: MediaJobState | null): Promise<MediaJobPage> {
    return this.api.request(ConsoleMediaCalls.jobs, { page, pageSize, ...(state ? { state } : {}) });
  }

  cancel(jobId: number): Promise<Outcome<MediaJob>> {
    return outcomeOf(() => this.api.request(ConsoleMediaCalls.cancel, { jobId }, { suppressTips: true }));
  }

  retry(jobId: number): Promise<Outcome<MediaJob>> {
    return outcomeOf(() => this.api.request(ConsoleMediaCalls.retry, { jobId }, { suppressTips: true }));
  }

  /**
   * Sends `file` (the chunks the server lacks, in order) and completes it: the job it became, or the reason it was
   * refused (too large, the quota, not a video); a transport failure that outlasts the retries answers
   * uploadFailed, and sending the same file again resumes where it stopped.
   */
  async upload(file: LocalFile, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<Outcome<MediaJob>> {
    const options = { suppressTips: true, ...(signal ? { signal } : {}) };
    try {
      return await outcomeOf(async () => {
        const source = await this.api.request(ConsoleMediaCalls.createSource, { fileName: file.name, size: file.size }, options);
        const held = new Set(source.received);
        const bytesOf = (chunk: number) => Math.min(source.chunkSize, file.size - (chunk - 1) * source.chunkSize);
        let sentBytes = [...held].reduce((sum, chunk) => sum + bytesOf(chunk), 0);
        onProgress({ sentBytes, totalBytes: file.size });
        for (let chunk = 1; chunk <= source.chunkCount; chunk += 1) {
          if (held.has(chunk)) continue;
          const start = (chunk - 1) * source.chunkSize;
          const bytes = await this.files.read(file, start, start + source.chunkSize);
          await this.sendChunk(source.sourceId, chunk, bytes, options);
          sentBytes += bytes.length;
          onProgress({ sentBytes, totalBytes: file.size });
        }
        return this.api.request(ConsoleMediaCalls.completeSource, { sourceId: source.sourceId }, options);
      });
    } catch (error) {
      // Anything else that stopped it (the network, a refused chunk) is said, and picking the file again resumes.
      if (error instanceof ApiError && error.ret !== ClientRet.Cancelled) return { ok: false, message: error.ret < 0 || !error.msg ? ConsoleMediaTexts.uploadFailed : error.msg };
      throw error;
    }
  }

  private async sendChunk(sourceId: number, chunk: number, bytes: Uint8Array, options: { suppressTips: boolean; signal?: AbortSignal }): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.api.request(ConsoleMediaCalls.chunk, { sourceId, chunk }, { ...options, bytes });
        return;
      } catch (error) {
        const delay = CHUNK_RETRY_DELAYS_MS[attempt];
        if (!(error instanceof ApiError) || error.ret !== ClientRet.NetworkFailure || delay === undefined) throw error;
        await this.wait(delay);
      }
    }
  }
}
