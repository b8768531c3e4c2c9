import type { RouteLocation } from '../ports/navigator.ts';
import type { Channel } from '../shared-kernel/video.ts';

/** Channel navigation's categories (spec: route table). */
const CHANNEL_NAVIGATION_CATEGORIES = ['chinese', 'game', 'news', 'yule', 'life', 'music', 'fashion', 'tech'] as const;

/** The route path and home's recommendation channel key (推荐, no category). */
const MINI_VIDEO_CHANNEL_PATH = '/miniVideoChannel';
export const RECOMMEND_CHANNEL = '';

/** A path segment names the games channel game; everywhere else the segment is the key. */
const ALIAS_TO_KEY: Readonly<Record<string, string>> = { game: 'games' };

const channelKeyOfAlias = (alias: string): string => ALIAS_TO_KEY[alias] ?? alias;

/**
 * ChannelNavigation: /channelNavigation/<category>?tag=N → /miniVideoChannel?titleId=<category, game → games>&subID=N.
 * Null for a category that has no channel navigation (the page is then not found).
 */
export function channelNavigationTarget(category: string, tag: string | null | undefined): RouteLocation | null {
  if (!(CHANNEL_NAVIGATION_CATEGORIES as readonly string[]).includes(category)) return null;
  return { path: MINI_VIDEO_CHANNEL_PATH, query: { titleId: channelKeyOfAlias(category), subID: tag ?? '' } };
}

/** The home channel a path selects: / → 推荐, /movie → movie, /game → games. */
export function homeChannelOfPath(path: string): string {
  const segment = path.replace(/^\/+|\/+$/g, '');
  return segment === '' ? RECOMMEND_CHANNEL : channelKeyOfAlias(segment);
}

/** A /miniVideoChannel subID: a whole number ≥ 1, or 0 for the whole channel. */
export function readSubId(value: string | null | undefined): number {
  return value && /^\d{1,4}$/.test(value) ? Number(value) : 0;
}

/** A channel on /navigation (频道导航): where its tile leads, and its sub-channels' tags. */
export interface ChannelTile {
  key: string;
  name: string;
  /** The channel's page: home with the channel's tab (/movie, /game), as the channel bar opens it. */
  location: RouteLocation;
  /** A short-video channel's sub-channels, each through ChannelNavigation (/channelNavigation/<category>?tag=N). */
  tags: { name: string; location: RouteLocation }[];
}

/** Every channel as /navigation shows it, in the catalogue's order: long-form first, as the channel bar lists them. */
export function channelTiles(channels: readonly Channel[]): ChannelTile[] {
  return channels.map((channel) => ({
    key: channel.key,
    name: channel.name,
    location: { path: `/${channel.alias}`, query: {} },
    tags: (CHANNEL_NAVIGATION_CATEGORIES as readonly string[]).includes(channel.alias)
      ? channel.subChannels.map((sub) => ({ name: sub.name, location: { path: `/channelNavigation/${channel.alias}`, query: { tag: String(sub.id) } } }))
      : [],
  }));
}
