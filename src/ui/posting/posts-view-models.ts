import { makeAutoObservable, runInAction } from 'mobx';
import { formatDuration } from '../../core/display/duration.ts';
import { formatImageUrl } from '../../core/display/image-url.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { Notifier } from '../../core/ports/notifier.ts';
import { formatCount } from '../../core/display/count.ts';
import { likesAfterTap } from '../../core/posts/post.ts';
import { PostsRet, type Post } from '../../core/posts/posts-protocol.ts';
import { returnAddress } from '../../core/shared-kernel/login-redirect.ts';
import { POSTS_PAGE_SIZE, type PostsService } from '../../core/posts/posts-service.ts';
import { ApiError } from '../../core/request/api-error.ts';
import type { SessionModel } from '../app/session-model.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { PostingTexts } from './posting-texts.ts';
import { HINT, PostingRoutes } from './posting-routes.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** The cover thumbnail's display size in the lists (3:4, like the cover editor's frame). */
export const POST_THUMB = { width: 96, height: 128 } as const;

/** One post as the lists show it. */
export interface PostCardData {
  id: number;
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  text: string;
  labels: string[];
  place: string;
  time: number;
  coverUrl: string;
  durationText: string;
  /** 点赞 count as shown ('' when none). */
  likeText: string;
}

export function toPostCard(post: Post): PostCardData {
  const cover = formatImageUrl(post.cover, POST_THUMB);
  return {
    id: post.id,
    uid: post.uid,
    nickName: post.nickName || `用户${post.uid}`,
    avatar: post.avatar,
    vipLevel: post.vipLevel,
    text: post.contxt,
    labels: post.labels.map((label) => label.name).filter(Boolean),
    place: post.location?.name ?? '',
    time: post.time,
    coverUrl: cover.ok ? cover.url : '',
    durationText: post.duration > 0 ? formatDuration(post.duration) : '',
    likeText: post.likeCount > 0 ? formatCount(post.likeCount) : '',
  };
}

/** An address the server answered as a path, made absolute on the API's origin ('' origin: left as it is). */
export function absoluteUrl(origin: string, url: string): string {
  if (!url || !origin || /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return url;
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

/** /myDynamic — the user's own posts, newest first: open one, delete one (confirmed), or go and publish. */
export class MyPostsViewModel {
  readonly list: PagedListModel<PostCardData>;
  /** The post being deleted (its button is busy). */
  deleting: number | null = null;

  constructor(
    private readonly posts: Pick<PostsService, 'myPosts' | 'remove'>,
    private readonly navigator: Navigator,
    private readonly notifier: Notifier,
  ) {
    this.list = new PagedListModel(async (page, size) => ({ list: (await posts.myPosts(page, size)).list.map(toPostCard) }), POSTS_PAGE_SIZE);
    makeAutoObservable<MyPostsViewModel, 'posts' | 'navigator' | 'notifier'>(this, { posts: false, navigator: false, notifier: false, list: false }, { autoBind: true });
  }

  postTapped(post: PostCardData): void {
    this.navigator.push(PostingRoutes.detail, { id: String(post.id) });
  }

  publishTapped(): void {
    this.navigator.push(PostingRoutes.publish);
  }

  async deleteTapped(post: PostCardData): Promise<void> {
    if (this.deleting !== null) return;
    const confirmed = await this.notifier.confirm({ title: PostingTexts.deleteTitle, message: PostingTexts.deleteConfirm, confirmText: PostingTexts.delete, cancelText: PostingTexts.cancel });
    if (!confirmed) return;
    this.deleting = post.id;
    try {
      await this.posts.remove(post.id);
      this.notifier.toast(PostingTexts.deleted, HINT);
      await this.list.refresh();
    } catch {
      // The request layer showed the server's message.
    } finally {
      runInAction(() => (this.deleting = null));
    }
  }
}

export type DetailStatus = 'loading' | 'ready' | 'missing' | 'failed';

/** The id in /dynamicDetail?id=…; null when it is not a positive whole number. */
export function postIdFrom(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /dynamicDetail?id — one post: its video (cover as poster), author, text, labels, place and time. */
export class PostDetailViewModel {
  status: DetailStatus = 'loading';
  post: Post | null = null;
  deleting = false;
  /** A like or unlike is on its way (another tap waits for it). */
  liking = false;

  constructor(
    private readonly deps: {
      posts: Pick<PostsService, 'post' | 'remove' | 'like'>;
      session: SessionModel;
      navigator: Navigator;
      notifier: Notifier;
      /** The API's origin, for the video's path. */
      origin: string;
    },
    readonly id: number | null,
  ) {
    makeAutoObservable<PostDetailViewModel, 'deps'>(this, { deps: false, id: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    if (this.id === null) {
      this.status = 'missing';
      return;
    }
    this.status = 'loading';
    try {
      const post = await this.deps.posts.post(this.id);
      runInAction(() => {
        this.post = post;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => (this.status = error instanceof ApiError && error.ret === PostsRet.NotFound ? 'missing' : 'failed'));
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  get videoUrl(): string {
    return this.post ? absoluteUrl(this.deps.origin, this.post.videoUrl) : '';
  }

  /** The cover as the video's poster, sized for the page's width. */
  get posterUrl(): string {
    if (!this.post) return '';
    const formatted = formatImageUrl(this.post.cover, { width: 390 });
    return formatted.ok ? formatted.url : '';
  }

  get labels(): string[] {
    return this.post?.labels.map((label) => label.name).filter(Boolean) ?? [];
  }

  get place(): string {
    return this.post?.location?.name ?? '';
  }

  get placeAddress(): string {
    return this.post?.location?.address ?? '';
  }

  get own(): boolean {
    return this.post !== null && this.deps.session.user?.id === this.post.uid;
  }

  get missingText(): string {
    return PostingTexts.detailMissing;
  }

  get liked(): boolean {
    return this.post?.liked === true;
  }

  /** 点赞 with no likes yet, else the count. */
  get likeText(): string {
    const count = this.post?.likeCount ?? 0;
    return count > 0 ? formatCount(count) : PostingTexts.like;
  }

  /** 点赞: shown at once, the server's count when it answers; a visitor goes to /login and comes back. */
  async likeTapped(): Promise<void> {
    const post = this.post;
    if (!post || this.liking) return;
    if (!this.deps.session.loggedIn) {
      this.deps.navigator.push(PostingRoutes.login, { redirect: returnAddress(this.deps.navigator.current()) });
      return;
    }
    const before = { liked: post.liked, likeCount: post.likeCount };
    this.post = { ...post, ...likesAfterTap(post) };
    this.liking = true;
    try {
      const liked = await this.deps.posts.like(post.id);
      runInAction(() => {
        if (this.post?.id === liked.id) this.post = { ...this.post, liked: liked.liked, likeCount: liked.likeCount };
      });
    } catch {
      // The request layer showed the server's message; the like is as it was.
      runInAction(() => {
        if (this.post?.id === post.id) this.post = { ...this.post, ...before };
      });
    } finally {
      runInAction(() => (this.liking = false));
    }
  }

  async deleteTapped(): Promise<void> {
    const post = this.post;
    if (!post || !this.own || this.deleting) return;
    const confirmed = await this.deps.notifier.confirm({ title: PostingTexts.deleteTitle, message: PostingTexts.deleteConfirm, confirmText: PostingTexts.delete, cancelText: PostingTexts.cancel });
    if (!confirmed) return;
    this.deleting = true;
    try {
      await this.deps.posts.remove(post.id);
      this.deps.notifier.toast(PostingTexts.deleted, HINT);
      this.deps.navigator.replace(PostingRoutes.myPosts);
    } catch {
      // The request layer showed the server's message.
    } finally {
      runInAction(() => (this.deleting = false));
    }
  }
}

/** /myDynamic's list, bound by the composition root (posting-bindings.ts). */
export const MyPostsModel = viewModelToken<MyPostsViewModel>('MyPostsViewModel');
/** /dynamicDetail's view-model; `id`: the query's raw `id` parameter. */
export const PostDetailModel = viewModelToken<PostDetailViewModel, { id: string | null }>('PostDetailViewModel');
