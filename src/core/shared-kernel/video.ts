import { textOf } from '../request/answer-values.ts';
import type { WireVideo } from './video-wire.ts';
/** What the catalogue calls answer, read defensively: a malformed item is dropped, a missing field gets its empty value. */

/**
 * The card's video: the wire video (video-wire.ts) as the app reads it, its update time possibly unknown, with the
 * rank (ranking) or the seconds watched (history, watching list) where a list gives them.
 */
export interface Video extends Omit<WireVideo, 'updatedAt'> {
  /** Unix milliseconds, null when unknown. */
  updatedAt: number | null;
  /** Rank position (ranking only). */
  rank?: number;
  /** Seconds watched (history, watching list). */
  progress?: number;
}

interface SubChannel {
  id: number;
  name: string;
}

export interface Channel {
  key: string;
  name: string;
  kind: 'long' | 'short';
  /** The path segment of the home alias (games → game). */
  alias: string;
  subChannels: SubChannel[];
}

export interface RecommendationBlock {
  key: string;
  title: string;
  category: string;
  list: Video[];
}

export interface HomeData {
  channels: Channel[];
  blocks: RecommendationBlock[];
  watchingList: Video[];
}

export interface VideoPage {
  list: Video[];
  page: number;
  pageSize: number;
  total: number;
}

export interface SpaceProfile {
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  level: number;
  sex: number;
  introduce: string;
  bigV: boolean;
  totalPlays: number;
}

type Obj = Record<string, unknown>;

export const isObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A finite number ≥ 0 (numeric strings accepted), else the fallback. */
export function amount(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

function list<T>(value: unknown, read: (item: unknown) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  const out: T[] = [];
  for (const item of value) {
    const parsed = read(item);
    if (parsed !== null) out.push(parsed);
  }
  return out;
}

function readUploader(value: unknown): Video['uploader'] {
  if (!isObject(value)) return null;
  const uid = amount(value['uid']);
  return uid > 0 ? { uid, nickName: textOf(value['nickName']), avatar: textOf(value['avatar']) } : null;
}

/** A video, or null without a media key or title. */
export function readVideo(value: unknown): Video | null {
  if (!isObject(value)) return null;
  const mediaKey = textOf(value['mediaKey']);
  const title = textOf(value['title']);
  if (mediaKey === '' || title === '') return null;
  const year = amount(value['year'], -1);
  const updatedAt = amount(value['updatedAt'], -1);
  const video: Video = {
    mediaKey,
    title,
    category: textOf(value['category']),
    subId: amount(value['subId']),
    cover: textOf(value['cover']),
    poster: textOf(value['poster']),
    duration: amount(value['duration']),
    playCount: amount(value['playCount']),
    score: amount(value['score']),
    year: year < 0 ? null : year,
    area: textOf(value['area']),
    tags: list(value['tags'], (tag) => (textOf(tag) === '' ? null : textOf(tag))),
    description: textOf(value['description']),
    updatedAt: updatedAt < 0 ? null : updatedAt,
    uploader: readUploader(value['uploader']),
  };
  if (value['rank'] !== undefined) video.rank = amount(value['rank']);
  if (value['progress'] !== undefined) video.progress = amount(value['progress']);
  return video;
}

export const readVideos = (value: unknown): Video[] => list(value, readVideo);

export function readChannel(value: unknown): Channel | null {
  if (!isObject(value)) return null;
  const key = textOf(value['key']);
  const name = textOf(value['name']);
  if (key === '' || name === '') return null;
  return {
    key,
    name,
    kind: value['kind'] === 'short' ? 'short' : 'long',
    alias: textOf(value['alias']) || key,
    subChannels: list(value['subChannels'], (sub) => {
      if (!isObject(sub)) return null;
      const id = amount(sub['id']);
      const subName = textOf(sub['name']);
      return id > 0 && subName !== '' ? { id, name: subName } : null;
    }),
  };
}

export function readHomeData(value: unknown): HomeData {
  const data = isObject(value) ? value : {};
  return {
    channels: list(data['channels'], readChannel),
    blocks: list(data['blocks'], (block) => {
      if (!isObject(block)) return null;
      const videos = readVideos(block['list']);
      const title = textOf(block['title']);
      return title === '' ? null : { key: textOf(block['key']) || title, title, category: textOf(block['category']), list: videos };
    }),
    watchingList: readVideos(data['watchingList']),
  };
}

export function readVideoPage(value: unknown, page: number, pageSize: number): VideoPage {
  const data = isObject(value) ? value : {};
  const videos = readVideos(data['list']);
  return { list: videos, page, pageSize, total: amount(data['total'], videos.length) };
}

export function readSpaceProfile(value: unknown): SpaceProfile | null {
  if (!isObject(value)) return null;
  const uid = amount(value['uid']);
  if (uid <= 0) return null;
  return {
    uid,
    nickName: textOf(value['nickName']) || `用户${uid}`,
    avatar: textOf(value['avatar']),
    vipLevel: amount(value['vipLevel']),
    level: amount(value['level'], 1),
    sex: amount(value['sex'], 1),
    introduce: textOf(value['introduce']),
    bigV: value['bigV'] === true,
    totalPlays: amount(value['totalPlays']),
  };
}
