import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { formatCount } from '../../core/display/count.ts';
import type { VideoActions, VideoActionsState } from '../../core/video-social/video-actions.ts';
import { Vote, VideoSocialLimits, starsOf } from '../../core/video-social/video-social-rules.ts';
import { VideoSocialTexts } from '../../core/video-social/video-social-texts.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The actions bar of one video as MobX state, over the core's VideoActions. */
export class VideoActionsViewModel {
  state: VideoActionsState;

  constructor(
    private readonly actions: VideoActions,
    private readonly session: SessionModel,
  ) {
    this.state = actions.current();
    makeAutoObservable<VideoActionsViewModel, 'actions' | 'session'>(this, { actions: false, session: false }, { autoBind: true });
  }

  get liked(): boolean {
    return this.state.details.myVote === Vote.Like;
  }

  get disliked(): boolean {
    return this.state.details.myVote === Vote.Dislike;
  }

  get likeCount(): string {
    return formatCount(this.state.details.likes);
  }

  get dislikeCount(): string {
    return formatCount(this.state.details.dislikes);
  }

  get collected(): boolean {
    return this.state.details.collected;
  }

  /** 收藏 / 已收藏 */
  get collectLabel(): string {
    return this.collected ? VideoSocialTexts.collected : VideoSocialTexts.collect;
  }

  get shareCount(): string {
    return formatCount(this.state.details.shareCount);
  }

  get busy(): VideoActionsState['busy'] {
    return this.state.busy;
  }

  /** The score out of 10 with one decimal, or 暂无评分. */
  get scoreText(): string {
    const score = this.state.details.score;
    return score > 0 ? score.toFixed(1) : VideoSocialTexts.noRating;
  }

  /** N人评分; nothing when nobody rated (the score then reads 暂无评分). */
  get ratingCountText(): string {
    const count = this.state.details.ratingCount;
    return count > 0 ? `${formatCount(count)}${VideoSocialTexts.ratingCount}` : '';
  }

  /** Filled stars: the viewer's own rating when given, else the score's. */
  get filledStars(): number {
    return this.state.details.myRating > 0 ? this.state.details.myRating : starsOf(this.state.details.score);
  }

  get rated(): boolean {
    return this.state.details.myRating > 0;
  }

  get stars(): readonly number[] {
    return Array.from({ length: VideoSocialLimits.maxStars }, (_, index) => index + 1);
  }

  /** Mirrors the actions, loads them, and loads again when the viewer changes (login, logout). */
  opened(): () => void {
    const stopState = this.actions.subscribe((next) => runInAction(() => (this.state = next)));
    const stopViewer = reaction(
      () => this.session.user?.id ?? null,
      () => void this.actions.load(),
    );
    void this.actions.load();
    return () => {
      stopState();
      stopViewer();
    };
  }

  likeTapped(): void {
    void this.actions.likeTapped();
  }

  dislikeTapped(): void {
    void this.actions.dislikeTapped();
  }

  collectTapped(): void {
    void this.actions.collectTapped();
  }

  shareTapped(): void {
    void this.actions.shareTapped();
  }

  starTapped(stars: number): void {
    void this.actions.starTapped(stars);
  }
}

/** One video's actions bar view-model, bound by the composition root (video-social-bindings.ts). */
export const VideoActionsModel = viewModelToken<VideoActionsViewModel, { mediaKey: string }>('VideoActionsViewModel');
