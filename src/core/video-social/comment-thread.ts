import { canTriggerLoad, LoadState } from '../display/list-state.ts';
import type { Clock } from '../ports/clock.ts';
import type { Navigator } from '../ports/navigator.ts';
import type { Notifier } from '../ports/notifier.ts';
import { returnAddress } from '../shared-kernel/login-redirect.ts';
import type { User } from '../shared-kernel/user.ts';
import { appendNew, type Comment } from './comment.ts';
import { CommentSort, VideoSocialLimits, VideoSocialPaths, commentContentProblem } from './video-social-rules.ts';
import { VideoSocialTexts } from './video-social-texts.ts';
import type { VideoSocialService } from './video-social-service.ts';

/** Whom the comment box answers: a comment or a reply (回复 @nick), or nobody (a new comment). */
export interface ReplyTarget {
  /** The comment or reply answered (sent as parentId). */
  commentId: number;
  /** Its top-level comment (where the reply shows). */
  rootId: number;
  nickName: string;
}

/** How far a comment's replies are loaded: its first ones, loading all, all, or failed. */
export type RepliesLoad = 'preview' | 'loading' | 'all' | 'failed';

export interface CommentThreadState {
  sort: CommentSort;
  comments: readonly Comment[];
  /** Per comment id, how far its replies are loaded ('preview' when absent). */
  repliesLoad: Readonly<Record<number, RepliesLoad>>;
  load: LoadState;
  /** The first page failed: nothing to show but an error and a retry. */
  firstPageFailed: boolean;
  /** Comments and replies (评论 N). */
  commentCount: number;
  target: ReplyTarget | null;
  /** A post is on its way (the send button waits). */
  posting: boolean;
}

export type PostOutcome = 'posted' | 'invalid' | 'failed' | 'login';

export interface CommentThreadDeps {
  service: Pick<VideoSocialService, 'comments' | 'replies' | 'post' | 'remove' | 'likeComment'>;
  navigator: Navigator;
  notifier: Notifier;
  clock: Pick<Clock, 'now'>;
  /** The logged-in user, null for a visitor. */
  user: () => User | null;
}

const REPLY_PAGE_SIZE = VideoSocialLimits.maxPageSize;
/** Full pages of comments already shown that one load reads past. */
const MAX_SKIPPED_PAGES = 5;
/** Safety stop when loading all replies page by page. */
const MAX_REPLY_PAGES = 50;

const initialState = (sort: CommentSort): CommentThreadState => ({
  sort,
  comments: [],
  repliesLoad: {},
  load: LoadState.Idle,
  firstPageFailed: false,
  commentCount: 0,
  target: null,
  posting: false,
});

/**
 * The comments of one video: pages (newest or most liked first) loaded on demand with the shared list states,
 * a comment's remaining replies, posting with an entry shown at once and replaced by the server's (or taken
 * back on failure), deleting one's own after a confirm, and liking. A visitor's post, reply or like goes to
 * /login with the way back.
 */
export class CommentThread {
  private state: CommentThreadState;
  private readonly listeners = new Set<(state: CommentThreadState) => void>();
  private generation = 0;
  private nextLocalId = -1;
  /** Pages read in the current order. */
  private pagesLoaded = 0;
  private readonly pageSize: number;

  constructor(
    readonly mediaKey: string,
    private readonly videoType: string | undefined,
    private readonly deps: CommentThreadDeps,
    options: { pageSize?: number; sort?: CommentSort } = {},
  ) {
    this.pageSize = options.pageSize ?? VideoSocialLimits.defaultPageSize;
    this.state = initialState(options.sort ?? CommentSort.New);
  }

  current(): CommentThreadState {
    return this.state;
  }

  subscribe(listener: (state: CommentThreadState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The first page, once. */
  start(): Promise<boolean> {
    if (this.state.comments.length > 0 || this.state.load !== LoadState.Idle) return Promise.resolve(false);
    return this.loadMore();
  }

  /** The scroll trigger: the next page while Idle. Pages shift as comments come and go, so shown ones are skipped. */
  loadMore(): Promise<boolean> {
    if (!canTriggerLoad(this.state.load)) return Promise.resolve(false);
    return this.fetch();
  }

  retry(): Promise<boolean> {
    if (this.state.load !== LoadState.Failed) return Promise.resolve(false);
    return this.fetch();
  }

  /** 最新 / 最热: starts again from the first page in that order. */
  sortChosen(sort: CommentSort): Promise<boolean> {
    if (sort === this.state.sort) return Promise.resolve(false);
    return this.restart(sort);
  }

  /** Reads the first page again (the viewer changed: likes and 删除 differ), dropping what was shown. */
  refresh(): Promise<boolean> {
    return this.restart(this.state.sort);
  }

  private restart(sort: CommentSort): Promise<boolean> {
    this.generation += 1;
    this.pagesLoaded = 0;
    this.update({ ...initialState(sort), commentCount: this.state.commentCount, target: this.deps.user() ? this.state.target : null });
    return this.fetch();
  }

  /**
   * Reads the next page. New comments of others push older ones onto later pages: what is already shown is
   * skipped, and a full page with nothing new reads on (a few pages at most).
   */
  private async fetch(): Promise<boolean> {
    this.generation += 1;
    const generation = this.generation;
    this.update({ load: LoadState.Loading });
    try {
      for (let step = 0; ; step += 1) {
        const page = this.pagesLoaded + 1;
        const result = await this.deps.service.comments(this.mediaKey, this.state.sort, page, this.pageSize);
        if (generation !== this.generation) return false;
        const before = this.state.comments.length;
        const full = result.list.length >= this.pageSize;
        this.pagesLoaded = page;
        this.update({
          comments: appendNew(this.state.comments, result.list),
          commentCount: result.commentCount,
          load: full ? LoadState.Idle : LoadState.NoMore,
          firstPageFailed: false,
        });
        if (!full || this.state.comments.length > before || step >= MAX_SKIPPED_PAGES) return true;
        this.update({ load: LoadState.Loading });
      }
    } catch {
      if (generation !== this.generation) return false;
      this.update({ load: LoadState.Failed, firstPageFailed: this.state.comments.length === 0 });
      return false;
    }
  }

  /** 查看全部N条回复: loads every reply of the comment (page by page), replacing the first ones shown. */
  async allRepliesTapped(rootId: number): Promise<boolean> {
    const root = this.find(rootId);
    const load = this.state.repliesLoad[rootId] ?? 'preview';
    if (!root || load === 'loading' || load === 'all') return false;
    this.setRepliesLoad(rootId, 'loading');
    let replies: Comment[] = [];
    try {
      for (let page = 1; page <= MAX_REPLY_PAGES; page += 1) {
        const result = await this.deps.service.replies(rootId, page, REPLY_PAGE_SIZE);
        replies = appendNew(replies, result.list);
        if (result.list.length < REPLY_PAGE_SIZE) break;
      }
    } catch {
      this.setRepliesLoad(rootId, 'failed');
      return false;
    }
    const current = this.find(rootId);
    if (!current) return false;
    // Replies posted meanwhile (still pending) stay at the end.
    const pending = current.replies.filter((reply) => reply.pending);
    this.replaceComment(rootId, { ...current, replies: [...replies, ...pending], replyCount: replies.length + pending.length });
    this.setRepliesLoad(rootId, 'all');
    return true;
  }

  /** The comment box: a visitor goes to /login; else it answers the comment or reply (回复 @nick). */
  replyTapped(comment: Comment): void {
    if (this.goLoginIfVisitor()) return;
    if (comment.pending) return;
    this.update({ target: { commentId: comment.id, rootId: comment.parentId > 0 ? comment.parentId : comment.id, nickName: comment.nickName } });
  }

  /** Back to a new comment. */
  replyCancelled(): void {
    if (this.state.target !== null) this.update({ target: null });
  }

  /** The comment box was touched: a visitor goes to /login. Answers whether the user may write. */
  inputTapped(): boolean {
    return !this.goLoginIfVisitor();
  }

  /**
   * Sends the text as a comment or as a reply to the target: shown at once, replaced by the stored one, taken
   * back when refused (the request layer toasts why). A problem with the text is toasted here.
   */
  async send(content: string): Promise<PostOutcome> {
    const user = this.deps.user();
    if (!user) {
      this.goLogin();
      return 'login';
    }
    if (this.state.posting) return 'failed';
    const problem = commentContentProblem(content);
    if (problem !== null) {
      this.deps.notifier.toast(problem, { durationMs: VideoSocialLimits.defaultToastMs, position: 'bottom' });
      return 'invalid';
    }
    const target = this.state.target;
    const local = this.localEntry(user, content.trim(), target);
    this.showPosted(local, target);
    this.update({ posting: true });
    try {
      const stored = await this.deps.service.post({
        mediaKey: this.mediaKey,
        content,
        ...(target ? { parentId: target.commentId } : {}),
        ...(this.videoType ? { videoType: this.videoType } : {}),
      });
      this.settlePosted(local, stored ?? { ...local, pending: false }, target);
      this.update({ posting: false, target: null });
      return 'posted';
    } catch {
      this.takeBack(local, target);
      this.update({ posting: false });
      return 'failed';
    }
  }

  /** 删除 on one's own comment or reply: confirmed first; a comment takes its replies with it. */
  async deleteTapped(comment: Comment): Promise<boolean> {
    const user = this.deps.user();
    if (!user || user.id !== comment.uid || comment.pending) return false;
    const yes = await this.deps.notifier.confirm({
      title: VideoSocialTexts.removeTitle,
      message: VideoSocialTexts.removeMessage,
      confirmText: VideoSocialTexts.confirm,
      cancelText: VideoSocialTexts.cancel,
    });
    if (!yes) return false;
    try {
      await this.deps.service.remove(comment.id);
    } catch {
      return false;
    }
    this.deps.notifier.toast(VideoSocialTexts.deleted, { durationMs: VideoSocialLimits.noticeToastMs, position: 'bottom' });
    if (comment.parentId > 0) {
      const root = this.find(comment.parentId);
      if (root) {
        this.replaceComment(root.id, {
          ...root,
          replies: root.replies.filter((reply) => reply.id !== comment.id),
          replyCount: Math.max(0, root.replyCount - 1),
        });
      }
      this.update({ commentCount: Math.max(0, this.state.commentCount - 1) });
    } else {
      const shown = this.find(comment.id);
      const removed = 1 + (shown?.replyCount ?? comment.replyCount);
      // The server's pages moved up by one: read the last page again next time (what is shown is skipped).
      this.pagesLoaded = Math.max(0, this.pagesLoaded - 1);
      this.update({
        comments: this.state.comments.filter((item) => item.id !== comment.id),
        commentCount: Math.max(0, this.state.commentCount - removed),
        target: this.state.target?.rootId === comment.id ? null : this.state.target,
      });
    }
    return true;
  }

  /** Likes or unlikes at once; the server's count settles it (a failure puts it back). */
  async likeTapped(comment: Comment): Promise<void> {
    if (this.goLoginIfVisitor() || comment.pending) return;
    const before = this.findAny(comment.id);
    if (!before) return;
    const liked = !before.liked;
    this.patch(comment.id, { liked, likeCount: Math.max(0, before.likeCount + (liked ? 1 : -1)) });
    try {
      const answer = await this.deps.service.likeComment(comment.id);
      this.patch(comment.id, answer);
    } catch {
      this.patch(comment.id, { liked: before.liked, likeCount: before.likeCount });
    }
  }

  /** Whether the comment or reply is the logged-in user's own (删除 shows). */
  isOwn(comment: Comment): boolean {
    return this.deps.user()?.id === comment.uid;
  }

  private localEntry(user: User, content: string, target: ReplyTarget | null): Comment {
    const id = this.nextLocalId;
    this.nextLocalId -= 1;
    let replyTo: Comment['replyTo'] = null;
    if (target && target.commentId !== target.rootId) {
      const answered = this.findAny(target.commentId);
      if (answered) replyTo = { uid: answered.uid, nickName: answered.nickName };
    }
    return {
      id,
      parentId: target?.rootId ?? 0,
      uid: user.id,
      nickName: user.nickName,
      avatar: user.avatar,
      vipLevel: user.vipLevel,
      level: user.level,
      bigV: false,
      kefu: false,
      content,
      time: this.deps.clock.now(),
      likeCount: 0,
      liked: false,
      replyCount: 0,
      replyTo,
      replies: [],
      pending: true,
    };
  }

  private showPosted(local: Comment, target: ReplyTarget | null): void {
    if (target) {
      const root = this.find(target.rootId);
      if (root) this.replaceComment(root.id, { ...root, replies: [...root.replies, local], replyCount: root.replyCount + 1 });
    } else {
      this.update({ comments: [local, ...this.state.comments] });
    }
    this.update({ commentCount: this.state.commentCount + 1 });
  }

  private settlePosted(local: Comment, stored: Comment, target: ReplyTarget | null): void {
    if (target) {
      const root = this.find(target.rootId);
      if (root) this.replaceComment(root.id, { ...root, replies: root.replies.map((reply) => (reply.id === local.id ? stored : reply)) });
    } else {
      this.update({ comments: this.state.comments.map((comment) => (comment.id === local.id ? stored : comment)) });
    }
  }

  private takeBack(local: Comment, target: ReplyTarget | null): void {
    if (target) {
      const root = this.find(target.rootId);
      if (root) {
        this.replaceComment(root.id, {
          ...root,
          replies: root.replies.filter((reply) => reply.id !== local.id),
          replyCount: Math.max(0, root.replyCount - 1),
        });
      }
    } else {
      this.update({ comments: this.state.comments.filter((comment) => comment.id !== local.id) });
    }
    this.update({ commentCount: Math.max(0, this.state.commentCount - 1) });
  }

  private find(id: number): Comment | undefined {
    return this.state.comments.find((comment) => comment.id === id);
  }

  /** A comment or a reply shown under one. */
  private findAny(id: number): Comment | undefined {
    for (const comment of this.state.comments) {
      if (comment.id === id) return comment;
      const reply = comment.replies.find((item) => item.id === id);
      if (reply) return reply;
    }
    return undefined;
  }

  private patch(id: number, patch: Partial<Comment>): void {
    this.update({
      comments: this.state.comments.map((comment) =>
        comment.id === id
          ? { ...comment, ...patch }
          : comment.replies.some((reply) => reply.id === id)
            ? { ...comment, replies: comment.replies.map((reply) => (reply.id === id ? { ...reply, ...patch } : reply)) }
            : comment,
      ),
    });
  }

  private replaceComment(id: number, next: Comment): void {
    this.update({ comments: this.state.comments.map((comment) => (comment.id === id ? next : comment)) });
  }

  private setRepliesLoad(id: number, load: RepliesLoad): void {
    this.update({ repliesLoad: { ...this.state.repliesLoad, [id]: load } });
  }

  private goLoginIfVisitor(): boolean {
    if (this.deps.user() !== null) return false;
    this.goLogin();
    return true;
  }

  private goLogin(): void {
    this.deps.navigator.push(VideoSocialPaths.login, { redirect: returnAddress(this.deps.navigator.current()) });
  }

  private update(patch: Partial<CommentThreadState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener(this.state);
  }
}

/** Makes the comment thread of one video (the container binds it with the app's ports). */
export type CommentThreadFactory = (mediaKey: string, videoType?: string) => CommentThread;
export const CommentThreadFactory = Symbol('CommentThreadFactory');
