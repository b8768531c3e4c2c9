import type { Clipboard } from '../ports/clipboard.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { Notifier } from '../ports/notifier.ts';
import { returnAddress } from '../shared-kernel/login-redirect.ts';
import { Vote, VideoSocialLimits, VideoSocialPaths, toggledVote } from './video-social-rules.ts';
import { CollectTexts, VideoSocialTexts } from './video-social-texts.ts';
import type { Rating, VideoActionDetails, VideoSocialService, VoteCounts } from './video-social-service.ts';

export interface VideoActionsState {
  /** The details arrived (counts and flags are real). */
  loaded: boolean;
  details: VideoActionDetails;
  /** A call is on its way for that action (taps wait). */
  busy: { vote: boolean; collect: boolean; share: boolean; rate: boolean };
}

export interface VideoActionsDeps {
  service: Pick<VideoSocialService, 'details' | 'vote' | 'toggleCollect' | 'share' | 'rate'>;
  clipboard: Clipboard;
  navigator: Navigator;
  notifier: Notifier;
  /** The logged-in user's id, null for a visitor. */
  viewerId: () => number | null;
}

const emptyDetails: VideoActionDetails = {
  mediaKey: '',
  likes: 0,
  dislikes: 0,
  myVote: Vote.None,
  score: 0,
  ratingCount: 0,
  distribution: Array.from({ length: VideoSocialLimits.maxStars }, (_, index) => ({ stars: VideoSocialLimits.maxStars - index, count: 0 })),
  myRating: 0,
  collected: false,
  shareCount: 0,
  commentCount: 0,
};

/** The counts after my vote becomes `to` (shown before the server answers). */
export function countsAfterVote(counts: VoteCounts, to: Vote): VoteCounts {
  const minus = (vote: Vote) => (counts.myVote === vote ? 1 : 0);
  const plus = (vote: Vote) => (to === vote ? 1 : 0);
  return {
    likes: Math.max(0, counts.likes - minus(Vote.Like) + plus(Vote.Like)),
    dislikes: Math.max(0, counts.dislikes - minus(Vote.Dislike) + plus(Vote.Dislike)),
    myVote: to,
  };
}

/**
 * The actions under the player: 赞 and 踩 (one vote, toggled, shown at once and settled by the server), 收藏 (the
 * catalogue's AddToScjs), 分享 (Share, then the link on the clipboard: 链接已复制 / 复制失败) and the 1–5 star
 * rating. A visitor's tap on a login-required action goes to /login with the way back; sharing is open to all.
 */
export class VideoActions {
  private state: VideoActionsState = { loaded: false, details: emptyDetails, busy: { vote: false, collect: false, share: false, rate: false } };
  private readonly listeners = new Set<(state: VideoActionsState) => void>();

  constructor(
    readonly mediaKey: string,
    private readonly deps: VideoActionsDeps,
  ) {}

  current(): VideoActionsState {
    return this.state;
  }

  subscribe(listener: (state: VideoActionsState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads everything the bar shows in one call (quietly: the bar keeps zeros on failure). */
  async load(): Promise<boolean> {
    try {
      const details = await this.deps.service.details(this.mediaKey, { suppressTips: true });
      this.update({ loaded: true, details });
      return true;
    } catch {
      return false;
    }
  }

  likeTapped(): Promise<void> {
    return this.voteTapped(Vote.Like);
  }

  dislikeTapped(): Promise<void> {
    return this.voteTapped(Vote.Dislike);
  }

  private async voteTapped(tapped: typeof Vote.Like | typeof Vote.Dislike): Promise<void> {
    if (this.goLoginIfVisitor() || this.state.busy.vote) return;
    const before = this.state.details;
    this.update({ details: { ...before, ...countsAfterVote(before, toggledVote(before.myVote, tapped)) }, busy: { ...this.state.busy, vote: true } });
    try {
      const counts = await this.deps.service.vote(this.mediaKey, tapped);
      this.update({ details: { ...this.state.details, ...counts } });
    } catch {
      this.update({ details: { ...this.state.details, likes: before.likes, dislikes: before.dislikes, myVote: before.myVote } });
    } finally {
      this.update({ busy: { ...this.state.busy, vote: false } });
    }
  }

  /** 收藏 / 已收藏: the server's answer decides; a notice says what happened. */
  async collectTapped(): Promise<void> {
    if (this.goLoginIfVisitor() || this.state.busy.collect) return;
    this.update({ busy: { ...this.state.busy, collect: true } });
    try {
      const collected = await this.deps.service.toggleCollect(this.mediaKey);
      this.update({ details: { ...this.state.details, collected } });
      this.deps.notifier.toast(collected ? CollectTexts.collected : CollectTexts.uncollected, { durationMs: VideoSocialLimits.noticeToastMs, position: 'bottom' });
    } catch {
      // The request layer toasted why.
    } finally {
      this.update({ busy: { ...this.state.busy, collect: false } });
    }
  }

  /** Records the share, then copies the answered link: 链接已复制 or 复制失败. Answers whether it was copied. */
  async shareTapped(): Promise<boolean> {
    if (this.state.busy.share) return false;
    this.update({ busy: { ...this.state.busy, share: true } });
    try {
      let link: string;
      try {
        const shared = await this.deps.service.share(this.mediaKey);
        this.update({ details: { ...this.state.details, shareCount: shared.shareCount } });
        link = shared.link;
      } catch {
        return false;
      }
      let copied = link !== '';
      if (copied) {
        try {
          await this.deps.clipboard.copy(link);
        } catch {
          copied = false;
        }
      }
      this.deps.notifier.toast(copied ? VideoSocialTexts.copied : VideoSocialTexts.copyFailed, { durationMs: VideoSocialLimits.defaultToastMs, position: 'bottom' });
      return copied;
    } finally {
      this.update({ busy: { ...this.state.busy, share: false } });
    }
  }

  /** A star (1–5) tapped: rates the video (again: replaces); the server's rating is shown. */
  async starTapped(stars: number): Promise<void> {
    if (this.goLoginIfVisitor() || this.state.busy.rate) return;
    if (!Number.isInteger(stars) || stars < VideoSocialLimits.minStars || stars > VideoSocialLimits.maxStars) return;
    this.update({ busy: { ...this.state.busy, rate: true } });
    try {
      const rating: Rating = await this.deps.service.rate(this.mediaKey, stars);
      this.update({ details: { ...this.state.details, ...rating } });
    } catch {
      // The request layer toasted why.
    } finally {
      this.update({ busy: { ...this.state.busy, rate: false } });
    }
  }

  private goLoginIfVisitor(): boolean {
    if (this.deps.viewerId() !== null) return false;
    this.deps.navigator.push(VideoSocialPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
    return true;
  }

  private update(patch: Partial<VideoActionsState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}

/** Makes the actions of one video (the container binds it with the app's ports). */
export type VideoActionsFactory = (mediaKey: string) => VideoActions;
export const VideoActionsFactory = Symbol('VideoActionsFactory');
