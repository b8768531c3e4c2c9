import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { formatDuration } from '../../core/display/duration.ts';
import type { Clock, TimerId } from '../../core/ports/clock.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { videoProblem, type Label, type PostDraft, type PostDraftStore } from '../../core/upload/post-draft.ts';
import type { PublishOutcome, PublishPoint, PublishPost } from '../../core/upload/publish-post.ts';
import { UploadConstants } from '../../core/upload/upload-protocol.ts';
import { UploadTexts } from '../../core/upload/upload-texts.ts';
import type { SessionModel } from '../app/session-model.ts';
import type { PostingMedia } from './posting-media.ts';
import { HINT, PostingRoutes } from './posting-routes.ts';
import type { DraftModel, PostingUiState } from './posting-state.ts';
import { PostingTexts, sizeText } from './posting-texts.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** After 发布成功 the page stays this long at 100 % before /myDynamic replaces it. */
export const PUBLISHED_PAUSE_MS = 600;

/** What the posting view-models share. */
export interface PostingDeps {
  store: PostDraftStore;
  draft: DraftModel;
  media: PostingMedia;
  navigator: Navigator;
  notifier: Notifier;
}

/**
 * Takes a picked video into the draft: refuses a file that is not a video or is too big before decoding it, then
 * reads its duration (a file the browser cannot open is not a video) and lets the draft check the length.
 * Toasts the reason and answers false when the file is refused.
 */
export async function takeVideo(deps: PostingDeps, file: Blob): Promise<boolean> {
  const local = deps.media.adopt(file);
  const early = videoProblem(local, 0);
  if (early) {
    deps.notifier.toast(early.message, HINT);
    return false;
  }
  let duration: number;
  try {
    duration = await deps.media.duration(local);
  } catch {
    deps.notifier.toast(UploadTexts.notAVideoFile, HINT);
    return false;
  }
  const problem = deps.store.setVideo(local, duration);
  if (problem) {
    deps.notifier.toast(problem.message, HINT);
    return false;
  }
  return true;
}

/** Under a picked video: its length and size (01:15 · 7.1MB); '' without a video. */
export function videoInfoOf(draft: PostDraft): string {
  if (!draft.video) return '';
  return [draft.duration > 0 ? formatDuration(draft.duration) : '', sizeText(draft.video.size)].filter(Boolean).join(' · ');
}

export interface LabelChip {
  label: Label;
  selected: boolean;
}

/** /publishDynamic — the form (video, cover, description, labels, place), the publish and its progress. */
export class PublishViewModel {
  point: PublishPoint | null = null;
  pointFailed = false;
  labels: Label[] = [];
  labelsStatus: 'loading' | 'ready' | 'failed' = 'loading';
  /** Reading a picked video (its duration) before it goes into the draft. */
  reading = false;
  /** Capturing the first frame as the cover before the publish starts. */
  preparing = false;
  private leaveTimer: TimerId | null = null;

  constructor(
    private readonly deps: PostingDeps & {
      publisher: Pick<PublishPost, 'publishPoint' | 'labels' | 'problems' | 'publish' | 'cancel'>;
      session: SessionModel;
      clock: Clock;
      ui: PostingUiState;
      /** The 投票 written on the form, attached to the post once it is published (votes' PendingPoll). */
      pendingPoll?: { attachTo(postId: number): Promise<void>; removeTapped(): void };
    },
  ) {
    const known = deps.ui.labels;
    if (known) {
      this.labels = known;
      this.labelsStatus = 'ready';
    }
    makeAutoObservable<PublishViewModel, 'deps' | 'leaveTimer'>(this, { deps: false, leaveTimer: false }, { autoBind: true });
  }

  get draft(): PostDraft {
    return this.deps.draft.draft;
  }

  get loggedIn(): boolean {
    return this.deps.session.loggedIn;
  }

  get hasVideo(): boolean {
    return this.draft.video !== null;
  }

  get videoUrl(): string {
    return this.draft.video ? this.deps.media.urlOf(this.draft.video) : '';
  }

  get durationText(): string {
    return this.draft.duration > 0 ? formatDuration(this.draft.duration) : '';
  }

  get videoInfo(): string {
    return videoInfoOf(this.draft);
  }

  /** The chosen cover's URL; '' while none was chosen (the tile then shows the video's first frame). */
  get coverUrl(): string {
    return this.draft.cover ? this.deps.media.urlOf(this.draft.cover) : '';
  }

  get coverText(): string {
    return this.draft.cover ? PostingTexts.chooseCover : PostingTexts.defaultCover;
  }

  get descriptionCounter(): string {
    return `${[...this.draft.description].length}/${UploadConstants.maxDescription}`;
  }

  get labelChips(): LabelChip[] {
    const chosen = new Set(this.draft.labels.map((label) => label.id));
    return this.labels.map((label) => ({ label, selected: chosen.has(label.id) }));
  }

  get locationText(): string {
    return this.draft.location?.name ?? '';
  }

  /** 今日还可发布N条, or that none are left; '' until GetPublishPoint answered. */
  get remainingText(): string {
    if (!this.point) return this.pointFailed ? PostingTexts.pointFailed : '';
    return this.point.canPublish ? PostingTexts.remaining(this.point.remaining) : PostingTexts.noneLeft;
  }

  get limitReached(): boolean {
    return this.point !== null && !this.point.canPublish;
  }

  /** The progress overlay shows from the first step to the end (and stays on failure, with resume and cancel). */
  get overlayVisible(): boolean {
    return this.draft.phase !== 'editing';
  }

  get progress(): number {
    return this.draft.progress;
  }

  get failed(): boolean {
    return this.draft.phase === 'failed';
  }

  get errorMessage(): string {
    return this.draft.errorMessage || UploadTexts.uploadFailed;
  }

  /** What the upload is doing, by the milestone it passed. */
  get stepText(): string {
    const progress = this.draft.progress;
    if (this.draft.phase === 'published' || progress >= UploadConstants.progressPosted) return UploadTexts.published;
    if (progress >= UploadConstants.progressCoverDone) return PostingTexts.uploadStepPost;
    if (progress >= UploadConstants.progressSaved) return PostingTexts.uploadStepCover;
    if (progress >= UploadConstants.progressChunksDone) return PostingTexts.uploadStepSave;
    return PostingTexts.uploadStepVideo;
  }

  get busy(): boolean {
    return this.reading || this.preparing || this.draft.phase === 'uploading';
  }

  /** The 发布 button looks active once a video is chosen and today's posts are not used up. */
  get canPublish(): boolean {
    return this.hasVideo && !this.busy && !this.limitReached;
  }

  /** On showing the page: a draft published earlier is done with; loads today's count and the labels; watches for the end. */
  opened(): () => void {
    if (this.draft.phase === 'published') this.deps.store.reset();
    if (this.loggedIn) {
      void this.loadPoint();
      if (this.labelsStatus !== 'ready') void this.loadLabels();
    }
    const stop = reaction(
      () => this.draft.phase,
      (phase, previous) => {
        if (phase === 'published' && previous !== 'published') this.published();
      },
    );
    return () => {
      stop();
      if (this.leaveTimer !== null) {
        this.deps.clock.cancelSchedule(this.leaveTimer);
        this.leaveTimer = null;
        this.deps.store.reset();
      }
    };
  }

  async loadPoint(): Promise<void> {
    try {
      const point = await this.deps.publisher.publishPoint();
      runInAction(() => {
        this.point = point;
        this.pointFailed = false;
      });
    } catch {
      runInAction(() => (this.pointFailed = true));
    }
  }

  async loadLabels(): Promise<void> {
    this.labelsStatus = 'loading';
    try {
      const labels = await this.deps.publisher.labels();
      runInAction(() => {
        this.deps.ui.rememberLabels(labels);
        this.labels = labels;
        this.labelsStatus = 'ready';
      });
    } catch {
      runInAction(() => (this.labelsStatus = 'failed'));
    }
  }

  /** A file from the video picker: into the draft, then the preview page. */
  async videoPicked(file: Blob | null | undefined): Promise<void> {
    if (!file || this.busy) return;
    this.reading = true;
    try {
      if (await takeVideo(this.deps, file)) this.deps.navigator.push(PostingRoutes.selectPreview);
    } finally {
      runInAction(() => (this.reading = false));
    }
  }

  videoTapped(): void {
    this.deps.navigator.push(PostingRoutes.preview);
  }

  coverTapped(): void {
    if (!this.hasVideo) {
      this.deps.notifier.toast(UploadTexts.chooseVideo, HINT);
      return;
    }
    this.deps.navigator.push(PostingRoutes.addPoster);
  }

  labelTapped(label: Label): void {
    const problem = this.deps.store.toggleLabel(label);
    if (problem) this.deps.notifier.toast(problem.message, HINT);
  }

  descriptionChanged(text: string): void {
    this.deps.store.setDescription(text);
  }

  locationTapped(): void {
    this.deps.navigator.push(PostingRoutes.location);
  }

  loginTapped(): void {
    this.deps.navigator.replace(PostingRoutes.login, { redirect: PostingRoutes.publish });
  }

  /** 发布: checks the form (taking the first frame as the cover when none was chosen), then uploads and posts. */
  async publishTapped(): Promise<void> {
    if (this.busy) return;
    if (!this.loggedIn) {
      this.loginTapped();
      return;
    }
    if (this.limitReached) {
      this.deps.notifier.toast(UploadTexts.PublishLimitReached, HINT);
      return;
    }
    const video = this.draft.video;
    if (!video) {
      this.deps.notifier.toast(UploadTexts.chooseVideo, HINT);
      return;
    }
    if (!this.draft.cover && !(await this.takeFirstFrame(video))) return;
    const [problem] = this.deps.publisher.problems();
    if (problem) {
      this.deps.notifier.toast(problem.message, HINT);
      return;
    }
    this.settle(await this.deps.publisher.publish());
  }

  /** 继续上传 after a failure: the core asks the server what it holds and goes on from there. */
  async resumeTapped(): Promise<void> {
    if (this.draft.phase !== 'failed') return;
    this.settle(await this.deps.publisher.publish());
  }

  /** 取消 (while uploading or after a failure): confirmed, it stops the upload and clears the form. */
  async cancelTapped(): Promise<void> {
    if (!(await this.confirmCancel())) return;
    this.deps.publisher.cancel();
    this.deps.pendingPoll?.removeTapped();
    this.deps.notifier.toast(PostingTexts.cancelled, HINT);
  }

  /**
   * The back arrow: with an upload running or failed it asks to cancel it; with a form filled in it asks to throw it
   * away; then `leave` (the back rule) runs. Answers whether the page was left.
   */
  async backTapped(leave: () => void): Promise<boolean> {
    if (this.draft.phase === 'uploading' || this.draft.phase === 'failed') {
      if (!(await this.confirmCancel())) return false;
      this.deps.publisher.cancel();
      this.deps.pendingPoll?.removeTapped();
    } else if (this.draft.phase === 'editing' && this.edited) {
      const confirmed = await this.deps.notifier.confirm({
        title: PostingTexts.leaveTitle,
        message: PostingTexts.leaveConfirm,
        confirmText: PostingTexts.leave,
        cancelText: PostingTexts.stay,
      });
      if (!confirmed) return false;
      this.deps.store.reset();
      this.deps.pendingPoll?.removeTapped();
    }
    leave();
    return true;
  }

  /** 取消后已上传的内容将被丢弃，确定取消发布吗？ */
  private confirmCancel(): Promise<boolean> {
    return this.deps.notifier.confirm({
      title: PostingTexts.cancelTitle,
      message: PostingTexts.cancelConfirm,
      confirmText: PostingTexts.cancelYes,
      cancelText: PostingTexts.cancelNo,
    });
  }

  /** Something the user would lose by leaving. */
  get edited(): boolean {
    const draft = this.draft;
    return draft.video !== null || draft.cover !== null || draft.description !== '' || draft.labels.length > 0 || draft.location !== null;
  }

  private async takeFirstFrame(video: NonNullable<PostDraft['video']>): Promise<boolean> {
    this.preparing = true;
    try {
      const cover = await this.deps.media.firstFrame(video);
      const problem = this.deps.store.setCover(cover);
      if (problem) {
        this.deps.notifier.toast(problem.message, HINT);
        return false;
      }
      return true;
    } catch {
      this.deps.notifier.toast(PostingTexts.coverFailed, HINT);
      return false;
    } finally {
      runInAction(() => (this.preparing = false));
    }
  }

  /** A refusal (nothing was uploaded) is toasted; a failure shows in the overlay; success is seen through the draft. */
  private settle(outcome: PublishOutcome): void {
    if (outcome.kind === 'published') void this.deps.pendingPoll?.attachTo(outcome.postId);
    if (outcome.kind === 'refused') {
      this.deps.notifier.toast(outcome.message, HINT);
      if (outcome.message === UploadTexts.PublishLimitReached) void this.loadPoint();
    }
  }

  /** 发布成功: shown at 100 % for a moment, then /myDynamic replaces the form (and the draft is cleared). */
  private published(): void {
    this.deps.notifier.toast(UploadTexts.published, { durationMs: 1000, position: 'center' });
    if (this.leaveTimer !== null) this.deps.clock.cancelSchedule(this.leaveTimer);
    this.leaveTimer = this.deps.clock.schedule(() => {
      this.leaveTimer = null;
      this.deps.navigator.replace(PostingRoutes.myPosts);
      this.deps.store.reset();
    }, PUBLISHED_PAUSE_MS);
  }
}

/** /publishDynamic's form, bound by the composition root (posting-bindings.ts). */
export const PublishModel = viewModelToken<PublishViewModel>('PublishViewModel');
