import type { MediaSource } from '../ports/media-player.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';

/** What the floating player plays: the video the play page was left playing, from where it was. */
export interface MiniPlayerEntry {
  mediaKey: string;
  /** 1-based episode (1 for a film or a live channel). */
  episode: number;
  title: string;
  source: MediaSource;
  /** Seconds into the episode (0 for live). */
  time: number;
}

/** Where a tap on the floating player goes: the play page of its video and episode. */
export interface PlayPageAddress {
  path: string;
  query: Record<string, string>;
}

/** The side of the screen the floating player keeps to: it is dragged about and settles on the nearer side. */
export type MiniPlayerSide = 'left' | 'right';

/** A pointer that travels further than this (CSS px) from where it went down drags the floating player; less is a tap. */
const MINI_PLAYER_DRAG_THRESHOLD = 8;

/** The floating player's gap to the screen's side (CSS px). */
export const MINI_PLAYER_SIDE_GAP = 10;

/** Whether a pointer's travel (dx, dy from where it went down) is a drag rather than a tap. */
export function isMiniPlayerDrag(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) > MINI_PLAYER_DRAG_THRESHOLD;
}

/**
 * Where a dragged floating player settles, as on bilibili's mobile site: the side its centre was let go on (the
 * middle counts as the right, where it starts), and the offset from that side's resting place at which it was let
 * go, for the settling glide.
 */
export function settleMiniPlayer(drop: { left: number; width: number }, viewportWidth: number): { side: MiniPlayerSide; glideFrom: number } {
  const side: MiniPlayerSide = drop.left + drop.width / 2 < viewportWidth / 2 ? 'left' : 'right';
  const rest = side === 'left' ? MINI_PLAYER_SIDE_GAP : viewportWidth - MINI_PLAYER_SIDE_GAP - drop.width;
  return { side, glideFrom: drop.left - rest };
}

/**
 * The floating mini player (one for the app, as bilibili's mobile site has): the play page hands over the video it
 * was left playing for another route, the floating player keeps playing it and reports its position; a tap returns
 * to the play page, which continues from that position (taken once); × closes it. A play page that opens takes
 * over (the floating player closes).
 */
export class MiniPlayerStore {
  private entry: MiniPlayerEntry | null = null;
  private placed: MiniPlayerSide = 'right';
  private resume: { mediaKey: string; episode: number; time: number } | null = null;
  private readonly listeners = new Set<(entry: MiniPlayerEntry | null) => void>();

  current(): MiniPlayerEntry | null {
    return this.entry;
  }

  /** The play page was left while its video played (not for another play page). */
  leftWhilePlaying(entry: MiniPlayerEntry): void {
    this.resume = null;
    this.set({ ...entry, time: entry.source.live ? 0 : Math.max(0, entry.time) });
  }

  /** The floating player's position moved. */
  progressed(time: number): void {
    if (this.entry && !this.entry.source.live && Number.isFinite(time) && time >= 0) this.entry = { ...this.entry, time };
  }

  /** The side the floating player keeps to (the next video's player too, for as long as the app is open). */
  side(): MiniPlayerSide {
    return this.placed;
  }

  /** The floating player was dragged and settled on a side. */
  settledOn(side: MiniPlayerSide): void {
    this.placed = side;
  }

  /** × on the floating player. */
  close(): void {
    this.set(null);
  }

  /** A tap on the floating player: its play page's address; that page continues from the position reached. */
  returnTapped(): PlayPageAddress | null {
    const entry = this.entry;
    if (!entry) return null;
    this.resume = entry.source.live ? null : { mediaKey: entry.mediaKey, episode: entry.episode, time: entry.time };
    this.set(null);
    return { path: `/play/${encodeURIComponent(entry.mediaKey)}`, query: { episode: String(entry.episode) } };
  }

  /** A play page opened: the floating player gives way. */
  playPageOpened(): void {
    this.set(null);
  }

  /** The play page of this video and episode asks where to continue: the floating player's position, once. */
  takeResume(mediaKey: string, episode: number): number | null {
    const resume = this.resume;
    if (!resume || resume.mediaKey !== mediaKey || resume.episode !== episode) return null;
    this.resume = null;
    return resume.time;
  }

  subscribe(listener: (entry: MiniPlayerEntry | null) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(entry: MiniPlayerEntry | null): void {
    if (entry === null && this.entry === null) return;
    this.entry = entry;
    for (const listener of [...this.listeners]) listener(entry);
  }
}
