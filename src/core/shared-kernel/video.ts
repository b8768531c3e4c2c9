import { object, pipe, transform, type GenericSchema, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { video, type WireVideo } from './video-wire.ts';

/**
 * What the catalogue's calls answer, declared once (the schemas the app reads the answers through, the types the
 * server builds them as): a video without a key or title is dropped from its list, a missing field gets its empty
 * value.
 */

/** The card's video (video-wire.ts): its update time possibly unknown, the rank or the seconds watched where a list gives them. */
export type Video = WireVideo;

const subChannel = object({ id: wire.positive, name: wire.key });

/** A channel: its alias (the path segment of the home alias, games → game) is its key when the answer gives none. */
export const channel = pipe(
  object({ key: wire.key, name: wire.key, kind: wire.oneOf(['long', 'short'], 'long'), alias: wire.text, subChannels: wire.items(subChannel) }),
  transform((read) => ({ ...read, alias: read.alias || read.key })),
);

export type Channel = InferOutput<typeof channel>;

/** A recommendation block of home: its key is its title when the answer gives none. */
const block = pipe(
  object({ key: wire.text, title: wire.key, category: wire.text, list: wire.items(video) }),
  transform((read) => ({ ...read, key: read.key || read.title })),
);

export type RecommendationBlock = InferOutput<typeof block>;

/** GetHomeData: the channels, the blocks and the signed-in caller's watching list (empty for a visitor). */
export const homeData = object({ channels: wire.items(channel), blocks: wire.items(block), watchingList: wire.items(video) });

export type HomeData = InferOutput<typeof homeData>;

/** The fields of a page of `item`s (its total null when the answer gives none: {@link withTotal}). */
export const pageEntries = <T>(item: GenericSchema<unknown, T>) => ({
  list: wire.items(item),
  page: wire.wholeAtLeast(1),
  pageSize: wire.wholeAtLeast(1),
  total: wire.amountOrNull,
});

/** A page read with its total: the list's length when the answer gives none. */
export const withTotal = <P extends { list: unknown[]; total: number | null }>(read: P): P & { total: number } => ({ ...read, total: read.total ?? read.list.length });

/** A page of `item`s (a video without a key or title left out). */
export const pageOf = <T>(item: GenericSchema<unknown, T>) => pipe(object(pageEntries(item)), transform(withTotal));

export interface VideoPage {
  list: Video[];
  page: number;
  pageSize: number;
  total: number;
}

/** The profile a user's space shows: a nickname 用户<uid> when it has none, level and sex 1 by default. */
export const spaceProfile = pipe(
  object({
    uid: wire.positive,
    nickName: wire.text,
    avatar: wire.text,
    vipLevel: wire.amount(),
    level: wire.amount(1),
    sex: wire.amount(1),
    introduce: wire.text,
    bigV: wire.isTrue,
    totalPlays: wire.amount(),
  }),
  transform((read) => ({ ...read, nickName: read.nickName || `用户${read.uid}` })),
);

export type SpaceProfile = InferOutput<typeof spaceProfile>;
