import { makeAutoObservable, runInAction } from 'mobx';
import { isActiveJob, type IngestInfo, type MediaJob, type MediaJobState } from '../core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaTexts } from '../core/admin-media/admin-media-texts.ts';
import type { ConsoleMedia } from '../core/admin-media/console-media.ts';
import type { Notifier } from '../core/ports/notifier.ts';
import type { PickedFiles } from '../core/ports/local-files.ts';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { loadPage } from './console-page-load.ts';

/** While a job on the page is under way, the page asks for the jobs again this often. */
const JOB_REFRESH_MS = 2000;

const TOAST = { durationMs: 2_000, position: 'top' } as const;

/** `1.5 GB`, `12.3 MB`, `800 KB`: a size as the page shows it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** `1:02:03`, `4:05`: a duration in seconds. */
export function durationText(seconds: number | null): string {
  if (seconds === null) return '';
  const whole = Math.round(seconds);
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const two = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * 素材转码: upload a source (resumed when the same file is picked again), the jobs with their state and progress
 * (asked again every 2 s while one is under way), cancel and retry; whether this server can transcode at all.
 */
export class MediaViewModel {
  info: IngestInfo | null = null;
  jobs: MediaJob[] = [];
  total = 0;
  page = 1;
  pageSize = 20;
  stateFilter: MediaJobState | null = null;
  loading = false;
  failed = false;
  /** The upload under way: its file and bytes the server holds. */
  upload: { fileName: string; sentBytes: number; totalBytes: number } | null = null;
  /** Why the last upload stopped ('' when it did not). */
  uploadError = '';
  private refresh: ReturnType<typeof setTimeout> | undefined;
  private shown = false;

  constructor(
    private readonly media: ConsoleMedia,
    private readonly session: ConsoleSessionModel,
    private readonly notifier: Notifier,
    private readonly picked: PickedFiles,
  ) {
    makeAutoObservable<MediaViewModel, 'media' | 'session' | 'notifier' | 'picked' | 'refresh' | 'shown'>(
      this,
      { media: false, session: false, notifier: false, picked: false, refresh: false, shown: false },
      { autoBind: true },
    );
  }

  /** The page is shown: what this server can do, and the jobs; returns the page's leaving. */
  opened(): () => void {
    this.shown = true;
    void this.loadInfo();
    void this.load();
    return () => {
      this.shown = false;
      clearTimeout(this.refresh);
    };
  }

  private async loadInfo(): Promise<void> {
    try {
      const info = await this.media.info();
      runInAction(() => (this.info = info));
    } catch {
      // The jobs' load says the page failed.
    }
  }

  async load(): Promise<void> {
    clearTimeout(this.refresh);
    await loadPage(this, this.session, () => this.media.jobs(this.page, this.pageSize, this.stateFilter), (page) => {
      this.jobs = page.list;
      this.total = page.total;
    });
    if (this.shown && this.jobs.some((job) => isActiveJob(job.state))) this.refresh = setTimeout(() => void this.load(), JOB_REFRESH_MS);
  }

  get noTools(): boolean {
    return this.info !== null && !this.info.toolsFound;
  }

  get limitText(): string {
    return this.info ? `${ConsoleMediaTexts.accept}${sizeText(this.info.maxSourceBytes).replace(/\.0 /, ' ')}` : '';
  }

  get storageText(): string {
    return this.info ? `${ConsoleMediaTexts.storage} ${sizeText(this.info.usedBytes)} / ${sizeText(this.info.quotaBytes)}` : '';
  }

  get uploadPercent(): number {
    const upload = this.upload;
    return upload ? Math.floor((upload.sentBytes / upload.totalBytes) * 100) : 0;
  }

  stateText(job: MediaJob): string {
    return ConsoleMediaTexts.states[job.state];
  }

  resolutionText(job: MediaJob): string {
    return job.width !== null && job.height !== null ? `${job.width}×${job.height}` : '';
  }

  canCancel(job: MediaJob): boolean {
    return isActiveJob(job.state);
  }

  canRetry(job: MediaJob): boolean {
    return job.state === 'failed';
  }

  /** A file was picked (or dropped): it is sent, or resumed where an earlier try stopped. */
  async fileChosen(blob: Blob): Promise<void> {
    if (this.upload) return;
    const file = this.picked.adopt(blob);
    this.upload = { fileName: file.name, sentBytes: 0, totalBytes: file.size };
    this.uploadError = '';
    try {
      const outcome = await this.media.upload(file, (progress) => runInAction(() => this.upload && Object.assign(this.upload, progress)));
      runInAction(() => {
        if (!outcome.ok) this.uploadError = outcome.message;
      });
      if (outcome.ok) {
        this.notifier.toast(ConsoleMediaTexts.uploaded, TOAST);
        runInAction(() => {
          this.page = 1;
          this.stateFilter = null;
        });
        void this.loadInfo();
        await this.load();
      }
    } finally {
      this.picked.release(file);
      runInAction(() => (this.upload = null));
    }
  }

  async cancelTapped(job: MediaJob): Promise<void> {
    const outcome = await this.media.cancel(job.id);
    this.notifier.toast(outcome.ok ? ConsoleMediaTexts.cancelled : outcome.message, TOAST);
    void this.loadInfo();
    await this.load();
  }

  async retryTapped(job: MediaJob): Promise<void> {
    const outcome = await this.media.retry(job.id);
    this.notifier.toast(outcome.ok ? ConsoleMediaTexts.retried : outcome.message, TOAST);
    await this.load();
  }

  pageChanged(page: number, pageSize: number): void {
    this.page = page;
    this.pageSize = pageSize;
    void this.load();
  }

  stateFiltered(state: MediaJobState | null): void {
    this.stateFilter = state;
    this.page = 1;
    void this.load();
  }
}
