import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { ClientRet } from '../request/ret.ts';
import { parsePost, parsePostPage, type FeedScope, type Post, type PostPage } from './post.ts';
import { PostsPaths } from './posts-protocol.ts';

/** Decided: the posts lists' page size. */
export const POSTS_PAGE_SIZE = 10;

/**
 * Reading and deleting posts: one's own list (or another user's, for /space), the discovery feed (all, or the
 * followed users' — which also clears the newWorks flag on the server), one post, deleting one's own.
 * Failures throw ApiError; the request layer toasts them as usual.
 */
export class PostsService {
  constructor(private readonly api: ApiClient) {}

  /** MyListTrends: the caller's posts, or uid's when given. Newest first. */
  async myPosts(page: number, pageSize: number = POSTS_PAGE_SIZE, uid?: number): Promise<PostPage> {
    const data = await this.api.get(PostsPaths.myPosts, { page, pageSize, ...(uid !== undefined ? { uid } : {}) });
    return parsePostPage(data, page, pageSize);
  }

  /** ListTrends: every post, or (scope follow, login needed) the posts of users the caller follows. */
  async feed(scope: FeedScope, page: number, pageSize: number = POSTS_PAGE_SIZE): Promise<PostPage> {
    const data = await this.api.get(PostsPaths.feed, { page, pageSize, scope });
    return parsePostPage(data, page, pageSize);
  }

  /** TrendsDetail. Throws ApiError 8103 when it does not exist. */
  async post(id: number): Promise<Post> {
    const post = parsePost(await this.api.get(PostsPaths.post, { id }));
    if (!post) throw new ApiError(ClientRet.MalformedAnswer, '');
    return post;
  }

  /** DelTrends: deletes one's own post (8104 for another's). */
  async remove(id: number): Promise<void> {
    await this.api.get(PostsPaths.deletePost, { id });
  }
}
