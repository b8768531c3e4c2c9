import type { Post, PostPage } from './posts-protocol.ts';

export type FeedScope = 'all' | 'follow';

/** What a post without words says in lists (its card, the author's 收到的赞). */
export const POST_WITHOUT_TEXT = '分享了一个视频';

/** A post's likes as shown the moment the viewer taps 点赞 (before the server answers): the tap toggles. */
export function likesAfterTap(post: Pick<Post, 'liked' | 'likeCount'>): Pick<Post, 'liked' | 'likeCount'> {
  return post.liked ? { liked: false, likeCount: Math.max(0, post.likeCount - 1) } : { liked: true, likeCount: post.likeCount + 1 };
}

/** A page of posts as the answer gives it, its page and pageSize those asked for when it gives none. */
export function pageAsked(read: PostPage, page: number, pageSize: number): PostPage {
  return { ...read, page: read.page || page, pageSize: read.pageSize || pageSize };
}
