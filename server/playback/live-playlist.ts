/**
 * The rolling playlist of a live channel: the channel loops one clip's segments forever, as if it
 * had started at the unix epoch. Global segment n (n = 0, 1, 2…) covers [n·2 s, (n+1)·2 s) and plays
 * the clip's segment n mod count of loop floor(n / count); the server moves each loop's timestamps on
 * by one clip length (ts-timestamps.ts), so the stream is continuous and needs no discontinuity.
 */

/** Seconds per live segment (the demo clips are cut in 2 s segments). */
export const LIVE_SEGMENT_SECONDS = 2;
/** Segments in the live window. */
const LIVE_WINDOW_SEGMENTS = 5;

export interface LiveWindow {
  /** Global number of the first segment (EXT-X-MEDIA-SEQUENCE). */
  mediaSequence: number;
  /** Each segment's URI names its loop (`?loop=`), which sets how far its timestamps move. */
  segments: { sequence: number; uri: string; loop: number }[];
}

/** The loop a global segment number falls in. */
export function loopOf(sequence: number, count: number): number {
  return Math.floor(sequence / count);
}

/** The global segment playing at `nowMs`. */
export function currentSequence(nowMs: number): number {
  return Math.floor(Math.max(0, nowMs) / (LIVE_SEGMENT_SECONDS * 1000));
}

/** The window at `nowMs` over `segmentUris` (the clip's segments in order, relative URIs); the newest segment is the one playing now. */
export function liveWindow(nowMs: number, segmentUris: readonly string[], size: number = LIVE_WINDOW_SEGMENTS): LiveWindow {
  const count = segmentUris.length;
  if (count === 0) throw new Error('a live channel needs at least one segment');
  const current = currentSequence(nowMs);
  const first = Math.max(0, current - size + 1);
  const segments: LiveWindow['segments'] = [];
  for (let sequence = first; sequence <= current; sequence += 1) {
    const loop = loopOf(sequence, count);
    segments.push({ sequence, uri: `${segmentUris[sequence % count] ?? ''}?loop=${loop}`, loop });
  }
  return { mediaSequence: first, segments };
}

/** The window as an HLS media playlist (no EXT-X-ENDLIST: the player keeps reloading it). */
export function livePlaylist(window: LiveWindow): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${LIVE_SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
  ];
  for (const segment of window.segments) lines.push(`#EXTINF:${LIVE_SEGMENT_SECONDS.toFixed(3)},`, segment.uri);
  return `${lines.join('\n')}\n`;
}

/** The segment URIs of a VOD media playlist, in order. */
export function segmentUrisOf(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
