import { amount, isObject, readVideo, readVideos, type Video } from '../shared-kernel/video.ts';
import type { MediaKind, MediaSource } from '../ports/media-player.ts';
import { textOf } from '../request/answer-values.ts';
import type { Episode, PlayInfo } from './playback-protocol.ts';

export type { Episode, PlayInfo } from './playback-protocol.ts';

/** The category of live TV channels. */
const LIVE_CATEGORY = 'tvlive';

/** VideoDetails: the video with what the player needs. */
export interface PlayDetails extends Video {
  episodeCount: number;
  live: boolean;
  /** Price in gold; 0 for a free video. */
  goldPrice: number;
  /** Free, or bought by the viewer. */
  unlocked: boolean;
  /** Seconds of the opening titles; 0 when none. */
  introEnd: number;
  /** Second where the closing titles start; 0 when none. */
  outroStart: number;
}

/** GetPlayAddress: a source to play, or the lock of a paid video. */
export type PlayAddress = { locked: false; source: MediaSource } | { locked: true };

/**
 * What an episode's download is (AppDownload): the file (an MP4 the browser saves, an HLS playlist only the app can
 * download), locked behind gold, or refused by the operator with the server's reason.
 */
export type DownloadOffer =
  | { kind: 'file'; url: string; media: MediaKind; fileName: string }
  | { kind: 'locked' }
  | { kind: 'refused'; reason: string };

/** A video of the viewer's watching list, with where they stopped. */
export interface WatchingVideo extends Video {
  progress: number;
  episode: number;
  /** Seconds of the episode watched, when the answer says (0 otherwise). */
  episodeDuration: number;
}

/** GetWatching: the viewer's own list (logged in) and what everyone watches. */
export interface WatchingLists {
  mine: WatchingVideo[];
  everyone: Video[];
}

const wholeAtLeast = (value: unknown, min: number): number => Math.max(min, Math.floor(amount(value, min)));

export function readPlayDetails(value: unknown): PlayDetails | null {
  const video = readVideo(value);
  if (!video || !isObject(value)) return null;
  const live = value['live'] === true || video.category === LIVE_CATEGORY;
  return {
    ...video,
    episodeCount: wholeAtLeast(value['episodeCount'], 1),
    live,
    goldPrice: amount(value['goldPrice']),
    unlocked: value['unlocked'] !== false,
    introEnd: live ? 0 : amount(value['introEnd']),
    outroStart: live ? 0 : amount(value['outroStart']),
  };
}

export function readPlayInfo(value: unknown): PlayInfo {
  const data = isObject(value) ? value : {};
  return { episode: wholeAtLeast(data['episode'], 1), progress: amount(data['progress']) };
}

/** The episode list in episode order, one entry per number (the first of duplicates wins). */
export function readEpisodes(value: unknown): Episode[] {
  const data = isObject(value) ? value : {};
  const list = Array.isArray(data['list']) ? data['list'] : [];
  const byNumber = new Map<number, Episode>();
  for (const item of list) {
    if (!isObject(item)) continue;
    const episode = Math.floor(amount(item['episode']));
    if (episode < 1 || byNumber.has(episode)) continue;
    byNumber.set(episode, { episode, title: textOf(item['title']) || `第${episode}集`, duration: amount(item['duration']) });
  }
  return [...byNumber.values()].sort((a, b) => a.episode - b.episode);
}

const MEDIA_KINDS: readonly MediaKind[] = ['hls', 'mp4'];

/** A playable source, or null when the answer names none (no url, unknown kind). */
export function readSource(value: unknown): MediaSource | null {
  if (!isObject(value)) return null;
  const url = textOf(value['url']);
  const kind = MEDIA_KINDS.find((k) => k === value['kind']);
  if (url === '' || !kind) return null;
  return { url, kind, live: value['live'] === true };
}

/** AppDownload's answer, or null when it has no address or kind; the file name defaults to 视频. */
export function readDownloadLink(value: unknown): { url: string; media: MediaKind; fileName: string } | null {
  if (!isObject(value)) return null;
  const url = textOf(value['url']);
  const media = MEDIA_KINDS.find((k) => k === value['kind']);
  if (url === '' || !media) return null;
  return { url, media, fileName: textOf(value['fileName']) || '视频' };
}

export function readWatchingLists(value: unknown): WatchingLists {
  const data = isObject(value) ? value : {};
  const mine: WatchingVideo[] = [];
  for (const item of Array.isArray(data['mine']) ? data['mine'] : []) {
    const video = readVideo(item);
    if (!video || !isObject(item)) continue;
    mine.push({ ...video, progress: amount(item['progress']), episode: wholeAtLeast(item['episode'], 1), episodeDuration: amount(item['episodeDuration']) });
  }
  return { mine, everyone: readVideos(data['everyone']) };
}

export function readRelated(value: unknown): Video[] {
  return readVideos(isObject(value) ? value['list'] : null);
}
