import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { formatCount } from '../../core/display/count.ts';
import { FooterState, LoadState } from '../../core/display/list-state.ts';
import type { Comment } from '../../core/video-social/comment.ts';
import type { CommentThread, CommentThreadState } from '../../core/video-social/comment-thread.ts';
import {
  CommentSort,
  allRepliesText,
  commentsHeading,
} from '../../core/video-social/video-social-rules.ts';
import { CommentUiTexts, VideoSocialTexts } from '../../core/video-social/video-social-texts.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import type { CommentSectionProps } from '../common/player-slots.ts';

/** How many pages the section reads looking for a linked comment before giving up. */
const MAX_FOCUS_PAGES = 10;

/**
 * The comment a link opens the play page at (from 收到的赞 and 评论和回复): `commentId` the top-level comment,
 * `replyId` a reply under it, `reply=1` to answer it. Null without a valid commentId.
 */
export interface CommentFocus {
  commentId: number;
  replyId: number;
  reply: boolean;
}

export function commentFocusFrom(query: { get(name: string): string | null }): CommentFocus | null {
  const id = (name: string): number => {
    const value = Number(query.get(name));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  };
  const commentId = id('commentId');
  return commentId > 0 ? { commentId, replyId: id('replyId'), reply: query.get('reply') === '1' } : null;
}

/** The comment list and box of one video as MobX state, over the core's comment thread. */
export class CommentSectionViewModel {
  state: CommentThreadState;
  draft = '';
  /** The comment or reply a link opened the page at (0: none): the screen scrolls to it and marks it. */
  focusedId = 0;

  constructor(
    private readonly thread: CommentThread,
    private readonly session: SessionModel,
  ) {
    this.state = thread.current();
    makeAutoObservable<CommentSectionViewModel, 'thread' | 'session'>(this, { thread: false, session: false }, { autoBind: true });
  }

  get comments(): readonly Comment[] {
    return this.state.comments;
  }

  /** 评论 N (comments and replies). */
  get heading(): string {
    return commentsHeading(formatCount(this.state.commentCount));
  }

  get sort(): CommentSort {
    return this.state.sort;
  }

  get placeholder(): string {
    const target = this.state.target;
    return target ? `${VideoSocialTexts.replyPrefix}${target.nickName}` : VideoSocialTexts.placeholder;
  }

  get replying(): boolean {
    return this.state.target !== null;
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  get sending(): boolean {
    return this.state.posting;
  }

  get firstLoading(): boolean {
    return this.state.comments.length === 0 && this.state.load === LoadState.Loading;
  }

  get firstPageFailed(): boolean {
    return this.state.firstPageFailed;
  }

  get empty(): boolean {
    return this.state.comments.length === 0 && this.state.load === LoadState.NoMore;
  }

  /** The shared footer: loading, 没有更多了哦~, or failed (after the first page). */
  get footer(): FooterState | null {
    const { load, comments, firstPageFailed } = this.state;
    if (comments.length === 0) return null;
    if (load === LoadState.Loading) return FooterState.Loading;
    if (load === LoadState.NoMore) return FooterState.NoMore;
    if (load === LoadState.Failed && !firstPageFailed) return FooterState.Failed;
    return null;
  }

  isOwn(comment: Comment): boolean {
    return !comment.pending && this.session.user?.id === comment.uid;
  }

  /** 查看全部N条回复 while replies are hidden; the loading or failed text meanwhile; null when all are shown. */
  repliesButtonText(comment: Comment): string | null {
    const load = this.state.repliesLoad[comment.id] ?? 'preview';
    if (load === 'loading') return CommentUiTexts.loadingReplies;
    if (load === 'failed') return CommentUiTexts.repliesFailed;
    if (load === 'all' || comment.replies.length >= comment.replyCount) return null;
    return allRepliesText(comment.replyCount);
  }

  likeCountText(comment: Comment): string {
    return formatCount(comment.likeCount);
  }

  /** Mirrors the thread, reads the first page, and reads again when the viewer changes (login, logout). */
  opened(): () => void {
    const stopState = this.thread.subscribe((next) => runInAction(() => (this.state = next)));
    const stopViewer = reaction(
      () => this.session.user?.id ?? null,
      () => void this.thread.refresh(),
    );
    void this.thread.start();
    return () => {
      stopState();
      stopViewer();
    };
  }

  nearBottom(): void {
    void this.thread.loadMore();
  }

  retryTapped(): void {
    void this.thread.retry();
  }

  sortTapped(sort: CommentSort): void {
    void this.thread.sortChosen(sort);
  }

  draftChanged(text: string): void {
    this.draft = text;
  }

  /** The box was touched: a visitor goes to /login. */
  inputTapped(): void {
    this.thread.inputTapped();
  }

  /** Sends the draft: the box empties as the comment shows; a refused post gives the text back. */
  async sendTapped(): Promise<void> {
    const text = this.draft;
    const sending = this.thread.send(text);
    // The thread shows the comment (posting) before its first wait, unless the text was refused or a visitor tapped.
    if (this.thread.current().posting) this.draft = '';
    const outcome = await sending;
    if (outcome === 'failed') runInAction(() => (this.draft ||= text));
  }

  replyTapped(comment: Comment): void {
    this.thread.replyTapped(comment);
  }

  replyCancelled(): void {
    this.thread.replyCancelled();
  }

  allRepliesTapped(comment: Comment): void {
    void this.thread.allRepliesTapped(comment.id);
  }

  deleteTapped(comment: Comment): void {
    void this.thread.deleteTapped(comment);
  }

  likeTapped(comment: Comment): void {
    void this.thread.likeTapped(comment);
  }

  /**
   * A link's comment: reads on (a few pages) until the comment shows, then all its replies if the reply is not among
   * the first ones; marks it, and with `reply` opens the box answering it. Gone comments mark nothing.
   */
  async focusRequested(focus: CommentFocus): Promise<void> {
    const root = await this.commentShown(focus.commentId);
    if (!root) return;
    let target: Comment | undefined = root;
    if (focus.replyId > 0) {
      if (!root.replies.some((reply) => reply.id === focus.replyId)) await this.thread.allRepliesTapped(root.id);
      target = this.thread.current().comments.find((comment) => comment.id === root.id)?.replies.find((reply) => reply.id === focus.replyId);
      if (!target) return;
    }
    runInAction(() => (this.focusedId = target.id));
    if (focus.reply && this.session.loggedIn) this.thread.replyTapped(target);
  }

  private async commentShown(id: number): Promise<Comment | undefined> {
    for (let pages = 0; pages <= MAX_FOCUS_PAGES; pages += 1) {
      await this.settled();
      const { comments, load } = this.thread.current();
      const found = comments.find((comment) => comment.id === id);
      if (found || load === LoadState.NoMore || load === LoadState.Failed) return found;
      await this.thread.loadMore();
    }
    return undefined;
  }

  /** Resolves once no page is on its way. */
  private settled(): Promise<void> {
    return new Promise((resolve) => {
      if (this.thread.current().load !== LoadState.Loading) {
        resolve();
        return;
      }
      const stop = this.thread.subscribe((next) => {
        if (next.load === LoadState.Loading) return;
        stop();
        resolve();
      });
    });
  }
}

export const COMMENT_SORT_TABS: readonly { sort: CommentSort; label: string }[] = [
  { sort: CommentSort.New, label: VideoSocialTexts.sortNew },
  { sort: CommentSort.Hot, label: VideoSocialTexts.sortHot },
];

/** One video's comment section view-model, bound by the composition root (video-social-bindings.ts). */
export const CommentSectionModel = viewModelToken<CommentSectionViewModel, CommentSectionProps>('CommentSectionViewModel');
