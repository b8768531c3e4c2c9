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

/**
 * The floating mini player (one for the app, as bilibili's mobile site has): the play page hands over the video it
 * was left playing for another route, the floating player keeps playing it and reports its position; a tap returns
 * to the play page, which continues from that position (taken once); × closes it. A play page that opens takes
 * over (the floating player closes).
 */
export class MiniPlayerStore {
  private entry: MiniPlayerEntry | null = null;
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
