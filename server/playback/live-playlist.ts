/**
 * The rolling playlist of a live channel: the channel loops one clip's segments forever, as if it
 * had started at the unix epoch. Global segment n (n = 0, 1, 2…) covers [n·2 s, (n+1)·2 s) and plays
 * the clip's segment n mod count; each wrap back to the clip's first segment is a discontinuity.
 */

/** Seconds per live segment (the demo clips are cut in 2 s segments). */
export const LIVE_SEGMENT_SECONDS = 2;
/** Segments in the live window. */
export const LIVE_WINDOW_SEGMENTS = 5;

export interface LiveWindow {
  /** Global number of the first segment (EXT-X-MEDIA-SEQUENCE). */
  mediaSequence: number;
  /** Discontinuity number of the first segment (EXT-X-DISCONTINUITY-SEQUENCE). */
  discontinuitySequence: number;
  segments: { sequence: number; uri: string; discontinuity: boolean }[];
}

/**
 * The window at `nowMs` over `segmentUris` (the clip's segments in order, relative URIs). The newest
 * segment is the one playing now; the first segment never carries a discontinuity tag (its number is
 * already in the discontinuity sequence).
 */
export function liveWindow(nowMs: number, segmentUris: readonly string[], size: number = LIVE_WINDOW_SEGMENTS): LiveWindow {
  const count = segmentUris.length;
  if (count === 0) throw new Error('a live channel needs at least one segment');
  const current = Math.floor(Math.max(0, nowMs) / (LIVE_SEGMENT_SECONDS * 1000));
  const first = Math.max(0, current - size + 1);
  const segments: LiveWindow['segments'] = [];
  for (let sequence = first; sequence <= current; sequence += 1) {
    segments.push({
      sequence,
      uri: segmentUris[sequence % count] ?? '',
      discontinuity: sequence !== first && sequence % count === 0,
    });
  }
  return { mediaSequence: first, discontinuitySequence: Math.floor(first / count), segments };
}

/** The window as an HLS media playlist (no EXT-X-ENDLIST: the player keeps reloading it). */
export function livePlaylist(window: LiveWindow): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
  ];
  for (const segment of window.segments) {
    if (segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},`, segment.uri);
  }
  return `${lines.join('\n')}\n`;
}

/** The segment URIs of a VOD media playlist, in order. */
export function segmentUrisOf(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
