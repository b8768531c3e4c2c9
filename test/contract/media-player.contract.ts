import { describe, expect, it } from 'vitest';
import type { MediaEvent, MediaPlayer, MediaSource } from '../../src/core/ports/media-player.ts';

export interface MediaPlayerHarness {
  player: MediaPlayer;
  /** The metadata of the loaded source arrived (its duration). */
  metadata(durationSeconds: number): void;
  /** Playback moves on by seconds (while playing). */
  advance(seconds: number): void;
  /** Playback reaches the end of the media. */
  finish(): void;
  /** The browser refuses play() without a user gesture. */
  refuseAutoplay(): void;
  /** For a live source: the live edge is at this second. */
  liveEdgeAt(seconds: number): void;
}

export const MP4: MediaSource = { url: '/vod/t/clip-d.mp4', kind: 'mp4', live: false };
/** A live source the harness's player plays without hls.js (the harness decides how). */
export const LIVE: MediaSource = { url: '/live/t/tvlive-01/index.m3u8', kind: 'hls', live: true };

function record(player: MediaPlayer): MediaEvent[] {
  const heard: MediaEvent[] = [];
  player.on((event) => heard.push(event));
  return heard;
}

/** makeHarness: a fresh media element with nothing loaded, autoplay allowed. */
export function mediaPlayerContract(name: string, makeHarness: () => MediaPlayerHarness): void {
  describe(`MediaPlayer contract: ${name}`, () => {
    it('plays nothing before a source is loaded', async () => {
      const { player } = makeHarness();
      expect(player.source()).toBeNull();
      expect(player.paused()).toBe(true);
      await expect(player.play()).resolves.toBe(false);
      expect(Number.isNaN(player.duration())).toBe(true);
    });

    it('loads a source, plays and pauses it, with play and pause events', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      await h.player.load(MP4, 0);
      expect(h.player.source()).toEqual(MP4);
      h.metadata(20);
      expect(h.player.duration()).toBe(20);
      await expect(h.player.play()).resolves.toBe(true);
      expect(h.player.paused()).toBe(false);
      h.advance(3);
      expect(h.player.currentTime()).toBeCloseTo(3);
      h.player.pause();
      expect(h.player.paused()).toBe(true);
      expect(heard.filter((e) => e === 'play' || e === 'pause')).toEqual(['play', 'pause']);
      expect(heard).toContain('timeupdate');
    });

    it('starts at the time asked for once the metadata is known', async () => {
      const h = makeHarness();
      await h.player.load(MP4, 7);
      h.metadata(20);
      expect(h.player.currentTime()).toBeCloseTo(7);
    });

    it('seeks within the media: not before 0, not past the end', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      await h.player.load(MP4, 0);
      h.metadata(20);
      h.player.seek(12.5);
      expect(h.player.currentTime()).toBeCloseTo(12.5);
      expect(heard).toContain('seeked');
      h.player.seek(99);
      expect(h.player.currentTime()).toBeCloseTo(20);
      h.player.seek(-4);
      expect(h.player.currentTime()).toBe(0);
    });

    it('answers false when the browser refuses to autoplay, and stays paused', async () => {
      const h = makeHarness();
      await h.player.load(MP4, 0);
      h.refuseAutoplay();
      await expect(h.player.play()).resolves.toBe(false);
      expect(h.player.paused()).toBe(true);
    });

    it('ends: pause then ended, and ended() is true', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      await h.player.load(MP4, 0);
      h.metadata(20);
      await h.player.play();
      h.finish();
      expect(h.player.ended()).toBe(true);
      expect(h.player.paused()).toBe(true);
      const tail = heard.filter((e) => e === 'pause' || e === 'ended');
      expect(tail).toEqual(['pause', 'ended']);
    });

    it('plays live with an infinite duration and never seeks past the live edge', async () => {
      const h = makeHarness();
      await h.player.load(LIVE, 30);
      expect(h.player.duration()).toBe(Number.POSITIVE_INFINITY);
      await h.player.play();
      h.liveEdgeAt(10);
      h.player.seek(500);
      expect(h.player.currentTime()).toBeLessThanOrEqual(10);
    });

    it('unloads: no source, no more events', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      await h.player.load(MP4, 0);
      h.metadata(20);
      h.player.unload();
      expect(h.player.source()).toBeNull();
      const before = heard.length;
      await h.player.play();
      h.advance(2);
      expect(heard.length).toBe(before);
    });

    it('stops telling a listener once it unsubscribes', async () => {
      const h = makeHarness();
      const heard: MediaEvent[] = [];
      const off = h.player.on((event) => heard.push(event));
      await h.player.load(MP4, 0);
      h.metadata(20);
      off();
      await h.player.play();
      expect(heard).not.toContain('play');
    });
  });
}
