import type { Place } from '../ports/place-search.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { ParamsOf } from '../request/protocol.ts';
import { pageAsked, type FeedScope } from './post.ts';
import { PostsCalls, type Post, type PostLiked, type PostPage } from './posts-protocol.ts';

/** Decided: the posts lists' page size. */
export const POSTS_PAGE_SIZE = 10;

/** What a new post says: a saved video, its cover, description, labels and place. */
export interface PostToPublish {
  contxt: string;
  labels: readonly number[];
  location: Place | null;
  videoId: number;
  coverPath: string;
}

/**
 * Reading, publishing, liking and deleting posts: one's own list (or another user's, for /space), the discovery feed (all,
 * or the followed users' — which also clears the newWorks flag on the server), one post, publishing a saved video,
 * deleting one's own. Failures throw ApiError; the request layer toasts them as usual.
 */
export class PostsService {
  constructor(private readonly api: ApiClient) {}

  /** MyListTrends: the caller's posts, or uid's when given. Newest first. */
  async myPosts(page: number, pageSize: number = POSTS_PAGE_SIZE, uid?: number): Promise<PostPage> {
    return pageAsked(await this.api.request(PostsCalls.myPosts, { page, pageSize, ...(uid !== undefined ? { uid } : {}) }), page, pageSize);
  }

  /** ListTrends: every post, or (scope follow, login needed) the posts of users the caller follows. */
  async feed(scope: FeedScope, page: number, pageSize: number = POSTS_PAGE_SIZE): Promise<PostPage> {
    return pageAsked(await this.api.request(PostsCalls.feed, { page, pageSize, scope }), page, pageSize);
  }

  /** TrendsDetail. Throws ApiError 8103 when it does not exist. */
  async post(id: number): Promise<Post> {
    return this.api.request(PostsCalls.post, { id });
  }

  /**
   * CreateTrends (the publisher's last step): the new post's id (0 when the answer has none). No toast: the
   * publisher shows the outcome.
   */
  async createPost(post: PostToPublish, options: { signal: AbortSignal }): Promise<number> {
    const input: ParamsOf<typeof PostsCalls.create.params> = {
      trends: { contxt: post.contxt, labels: post.labels },
      videoId: post.videoId,
      trendsDetails: [{ type: 'cover', filePath: post.coverPath }],
    };
    if (post.location) input.location = post.location;
    const made = await this.api.request(PostsCalls.create, input, { suppressTips: true, signal: options.signal });
    return made?.id ?? 0;
  }

  /** LikeTrends: likes the post, or unlikes it when the caller already does; its likes after (8103 for none). */
  async like(id: number): Promise<PostLiked> {
    return { ...(await this.api.request(PostsCalls.like, { id })), id };
  }

  /** DelTrends: deletes one's own post (8104 for another's). */
  async remove(id: number): Promise<void> {
    await this.api.request(PostsCalls.remove, { id });
  }
}
