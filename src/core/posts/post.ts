import type { Place } from '../ports/place-search.ts';

export interface PostLabel {
  id: number;
  name: string;
}

/** A published video post (a "dynamic"). */
export interface Post {
  id: number;
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  contxt: string;
  labels: PostLabel[];
  location: Place | null;
  /** The cover's path or URL (resize it with the display rules' image URLs). */
  cover: string;
  /** /uploads/videos/<fileName>, served with HTTP ranges. */
  videoUrl: string;
  /** Seconds. */
  duration: number;
  /** Unix milliseconds. */
  time: number;
  videoId: number;
}

/** One page of posts. */
export interface PostPage {
  list: Post[];
  page: number;
  pageSize: number;
  total: number;
}

export type FeedScope = 'all' | 'follow';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const num = (value: unknown): number => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
};

const whole = (value: unknown): number => Math.trunc(num(value));

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function parsePlace(value: unknown): Place | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const id = text(raw.id);
  const name = text(raw.name);
  if (!id || !name) return null;
  const place: Place = { id, name, address: text(raw.address), lat: num(raw.lat), lng: num(raw.lng) };
  if (raw.distanceM !== undefined && raw.distanceM !== null) place.distanceM = num(raw.distanceM);
  return place;
}

/** Reads a post as the server gives it; null when it has no id. */
export function parsePost(value: unknown): Post | null {
  const raw = record(value);
  const id = whole(raw.id);
  if (id <= 0) return null;
  const labels = Array.isArray(raw.labels)
    ? raw.labels.map(record).flatMap((l) => (whole(l.id) > 0 ? [{ id: whole(l.id), name: text(l.name) }] : []))
    : [];
  return {
    id,
    uid: whole(raw.uid),
    nickName: text(raw.nickName),
    avatar: text(raw.avatar),
    vipLevel: Math.max(0, whole(raw.vipLevel)),
    contxt: text(raw.contxt),
    labels,
    location: parsePlace(raw.location),
    cover: text(raw.cover),
    videoUrl: text(raw.videoUrl),
    duration: Math.max(0, num(raw.duration)),
    time: whole(raw.time),
    videoId: whole(raw.videoId),
  };
}

/** Reads {list, page, pageSize, total}; unreadable posts are skipped. */
export function parsePostPage(data: unknown, page: number, pageSize: number): PostPage {
  const raw = record(data);
  const list = Array.isArray(raw.list) ? raw.list.flatMap((item) => parsePost(item) ?? []) : [];
  return {
    list,
    page: whole(raw.page) || page,
    pageSize: whole(raw.pageSize) || pageSize,
    total: Math.max(0, whole(raw.total)),
  };
}
