import { describe, expect, it } from 'vitest';
import type { MediaEvent, MediaLevel, MediaPlayer, MediaSource } from '../../src/core/ports/media-player.ts';

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
  /** Loads {@link VOD_HLS} at startAt, whose master playlist offers these renditions (heard as 'levelschange'). */
  loadWithLevels(levels: readonly MediaLevel[], startAt: number): Promise<void>;
}

/** An HLS video whose master playlist the harness makes (loadWithLevels). */
export const VOD_HLS: MediaSource = { url: '/vod/t/clip-a/master.m3u8', kind: 'hls', live: false };
const RENDITIONS: readonly MediaLevel[] = [
  { height: 180, bandwidth: 150_000 },
  { height: 360, bandwidth: 300_000 },
];

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

    it('plays at the rate asked for, and keeps it for the next source', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      await h.player.load(MP4, 0);
      h.metadata(20);
      h.player.setPlaybackRate(2);
      expect(h.player.playbackRate()).toBe(2);
      expect(heard).toContain('ratechange');
      await h.player.load(MP4, 0);
      h.metadata(20);
      expect(h.player.playbackRate()).toBe(2);
      h.player.setPlaybackRate(0.5);
      expect(h.player.playbackRate()).toBe(0.5);
    });

    it('sets the volume, kept within 0 and 1', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      await h.player.load(MP4, 0);
      h.player.setVolume(0.4);
      expect(h.player.volume()).toBeCloseTo(0.4);
      expect(heard).toContain('volumechange');
      h.player.setVolume(1.7);
      expect(h.player.volume()).toBe(1);
      h.player.setVolume(-2);
      expect(h.player.volume()).toBe(0);
    });

    it('has no renditions to choose for an MP4', async () => {
      const h = makeHarness();
      await h.player.load(MP4, 0);
      expect(h.player.levels()).toEqual([]);
      expect(h.player.level()).toBe(-1);
    });

    it('lists the master playlist’s renditions, and starts with the one chosen while they are heard', async () => {
      const h = makeHarness();
      const heard = record(h.player);
      h.player.on((event) => {
        if (event === 'levelschange') h.player.setLevel(1);
      });
      await h.loadWithLevels(RENDITIONS, 0);
      expect(heard).toContain('levelschange');
      expect(h.player.levels().map((l) => l.height)).toEqual([180, 360]);
      expect(h.player.level()).toBe(1);
      h.metadata(20);
      expect(h.player.playingLevel()).toBe(1);
    });

    it('switches rendition in place: the same time, still playing, no pause heard', async () => {
      const h = makeHarness();
      await h.loadWithLevels(RENDITIONS, 0);
      h.metadata(20);
      await h.player.play();
      h.advance(4);
      const heard = record(h.player);
      h.player.setLevel(0);
      expect(h.player.level()).toBe(0);
      expect(h.player.currentTime()).toBeCloseTo(4);
      expect(h.player.paused()).toBe(false);
      h.metadata(20);
      await Promise.resolve();
      expect(h.player.currentTime()).toBeCloseTo(4);
      expect(h.player.paused()).toBe(false);
      expect(h.player.playingLevel()).toBe(0);
      expect(heard).not.toContain('pause');
      h.player.setLevel(-1);
      expect(h.player.level()).toBe(-1);
      expect(h.player.currentTime()).toBeCloseTo(4);
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
