import type { Place } from '../ports/place-search.ts';
import { fieldsOf, numberOf, textOf, wholeOf } from '../request/answer-values.ts';
import type { Post, PostPage } from './posts-protocol.ts';

export type FeedScope = 'all' | 'follow';

/** What a post without words says in lists (its card, the author's 收到的赞). */
export const POST_WITHOUT_TEXT = '分享了一个视频';

/** A post's likes as shown the moment the viewer taps 点赞 (before the server answers): the tap toggles. */
export function likesAfterTap(post: Pick<Post, 'liked' | 'likeCount'>): Pick<Post, 'liked' | 'likeCount'> {
  return post.liked ? { liked: false, likeCount: Math.max(0, post.likeCount - 1) } : { liked: true, likeCount: post.likeCount + 1 };
}

function parsePlace(value: unknown): Place | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const id = textOf(raw.id);
  const name = textOf(raw.name);
  if (!id || !name) return null;
  const place: Place = { id, name, address: textOf(raw.address), lat: numberOf(raw.lat), lng: numberOf(raw.lng) };
  if (raw.distanceM !== undefined && raw.distanceM !== null) place.distanceM = numberOf(raw.distanceM);
  return place;
}

/** Reads a post as the server gives it (PostsCalls' answers), leniently; null when it has no id. */
export function parsePost(value: unknown): Post | null {
  const raw = fieldsOf(value);
  const id = wholeOf(raw.id);
  if (id <= 0) return null;
  const labels = Array.isArray(raw.labels)
    ? raw.labels.map(fieldsOf).flatMap((l) => (wholeOf(l.id) > 0 ? [{ id: wholeOf(l.id), name: textOf(l.name) }] : []))
    : [];
  return {
    id,
    uid: wholeOf(raw.uid),
    nickName: textOf(raw.nickName),
    avatar: textOf(raw.avatar),
    vipLevel: Math.max(0, wholeOf(raw.vipLevel)),
    contxt: textOf(raw.contxt),
    labels,
    location: parsePlace(raw.location),
    cover: textOf(raw.cover),
    videoUrl: textOf(raw.videoUrl),
    duration: Math.max(0, numberOf(raw.duration)),
    time: wholeOf(raw.time),
    videoId: wholeOf(raw.videoId),
    likeCount: Math.max(0, wholeOf(raw.likeCount)),
    liked: raw.liked === true,
  };
}

/** Reads {list, page, pageSize, total}; unreadable posts are skipped. */
export function parsePostPage(data: unknown, page: number, pageSize: number): PostPage {
  const raw = fieldsOf(data);
  const list = Array.isArray(raw.list) ? raw.list.flatMap((item) => parsePost(item) ?? []) : [];
  return {
    list,
    page: wholeOf(raw.page) || page,
    pageSize: wholeOf(raw.pageSize) || pageSize,
    total: Math.max(0, wholeOf(raw.total)),
  };
}
