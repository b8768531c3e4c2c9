import type { MediaKind, MediaSource } from '../ports/media-player.ts';
import type { WireVideoDetails, WireWatchingLists } from './playback-protocol.ts';

export type { Episode, PlayInfo } from './playback-protocol.ts';

/** VideoDetails: the video with what the player needs (playback-protocol.ts). */
export type PlayDetails = WireVideoDetails;

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

/** A video of the viewer's watching list, with where they stopped and the seconds of the episode (0 when unknown). */
export type WatchingVideo = WireWatchingLists['mine'][number];

/** GetWatching: the viewer's own list (logged in) and what everyone watches. */
export type WatchingLists = WireWatchingLists;
