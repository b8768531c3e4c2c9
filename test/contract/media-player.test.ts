import { describe, expect, it } from 'vitest';
import { FakeMediaPlayer } from '../../adapters/media-player/fake-media-player.ts';
import { HtmlMediaPlayer, parseMasterPlaylist } from '../../adapters/media-player/html-media-player.ts';
import type { MediaLevel } from '../../src/core/ports/media-player.ts';
import { mediaPlayerContract, MP4, VOD_HLS } from './media-player.contract.ts';
import { ScriptedVideo } from './scripted-video.ts';

/** A master playlist offering these renditions (360p/index.m3u8 …). */
function masterPlaylist(levels: readonly MediaLevel[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const level of levels) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${level.bandwidth},RESOLUTION=${Math.round((level.height * 16) / 9)}x${level.height},CODECS="avc1.4d401e,mp4a.40.2"`, `${level.height}p/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

mediaPlayerContract('HtmlMediaPlayer over a <video> (native MP4 and HLS, as in iPhone Safari)', () => {
  const video = new ScriptedVideo();
  let master = '';
  const player = new HtmlMediaPlayer(video, {
    hasMediaSource: false,
    loadHls: () => Promise.reject(new Error('hls.js is not needed for native playback')),
    fetchText: async () => master,
  });
  return {
    player,
    metadata: (duration) => video.metadata(duration),
    advance: (seconds) => video.advance(seconds),
    finish: () => video.finish(),
    refuseAutoplay: () => (video.refusing = true),
    liveEdgeAt: (seconds) => (video.liveEdge = seconds),
    loadWithLevels: async (levels, startAt) => {
      master = masterPlaylist(levels);
      await player.load(VOD_HLS, startAt);
    },
  };
});

mediaPlayerContract('FakeMediaPlayer', () => {
  const player = new FakeMediaPlayer();
  return {
    player,
    metadata: (duration) => player.metadata(duration),
    advance: (seconds) => player.advance(seconds),
    finish: () => player.finish(),
    refuseAutoplay: () => player.allowAutoplay(false),
    liveEdgeAt: (seconds) => player.setLiveEdge(seconds),
    loadWithLevels: async (levels, startAt) => {
      await player.load(VOD_HLS, startAt);
      player.offerLevels(levels);
    },
  };
});

describe('HtmlMediaPlayer', () => {
  it('native HLS: a pause during a switch of rendition is kept once the new src is ready, and heard', async () => {
    const video = new ScriptedVideo();
    const player = new HtmlMediaPlayer(video, {
      hasMediaSource: false,
      fetchText: async () => masterPlaylist([{ height: 180, bandwidth: 150_000 }, { height: 360, bandwidth: 300_000 }]),
    });
    const heard: string[] = [];
    player.on((event) => heard.push(event));
    await player.load(VOD_HLS, 0);
    video.metadata(20);
    await player.play();
    video.advance(5);
    player.setLevel(0);
    expect(video.src).toContain('/180p/index.m3u8');
    player.pause();
    expect(player.paused()).toBe(true);
    expect(heard.at(-1)).toBe('pause');
    video.metadata(20);
    await Promise.resolve();
    expect(player.currentTime()).toBe(5);
    expect(player.paused()).toBe(true);
    expect(video.paused).toBe(true);
    // Played again during the next switch: it plays once ready.
    player.setLevel(-1);
    expect(video.src).toContain('master.m3u8');
    await expect(player.play()).resolves.toBe(true);
    expect(player.paused()).toBe(false);
    video.metadata(20);
    await Promise.resolve();
    expect(video.paused).toBe(false);
    expect(player.currentTime()).toBe(5);
  });

  it('plays MP4 natively without loading hls.js', async () => {
    const video = new ScriptedVideo();
    let hlsLoads = 0;
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: () => (hlsLoads++, Promise.reject(new Error('no'))) });
    await player.load(MP4, 0);
    expect(video.src).toBe(MP4.url);
    expect(hlsLoads).toBe(0);
  });
});

/** hls.js as the player uses it, recording what it was asked. */
function fakeHls(options: { supported?: boolean } = {}) {
  const instances: FakeHlsInstance[] = [];
  class FakeHlsInstance {
    static readonly Events = { ERROR: 'hlsError', MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_SWITCHED: 'hlsLevelSwitched' };
    static readonly ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported(): boolean {
      return options.supported ?? true;
    }
    loaded: string | null = null;
    media: unknown = null;
    destroyed = false;
    recovered = 0;
    restarted = 0;
    liveSyncPosition: number | null = null;
    levels: { height: number; bitrate: number }[] = [];
    currentLevel = -1;
    nextLevel = -1;
    startLevel = -1;
    loadLevel = -1;
    private readonly listeners = new Map<string, (event: string, data: { fatal: boolean; type: string }) => void>();
    constructor(readonly config: Record<string, unknown>) {
      instances.push(this);
    }
    loadSource(url: string): void {
      this.loaded = url;
    }
    attachMedia(media: unknown): void {
      this.media = media;
    }
    on(event: string, listener: (event: string, data: { fatal: boolean; type: string }) => void): void {
      this.listeners.set(event, listener);
    }
    /** The master playlist was read: these renditions (sorted lowest first, as hls.js does). */
    manifest(levels: { height: number; bitrate: number }[]): void {
      this.levels = levels;
      this.listeners.get('hlsManifestParsed')?.('hlsManifestParsed', { fatal: false, type: '' });
    }
    recoverMediaError(): void {
      this.recovered++;
    }
    startLoad(): void {
      this.restarted++;
    }
    destroy(): void {
      this.destroyed = true;
    }
    fatal(type: string): void {
      this.listeners.get('hlsError')?.('hlsError', { fatal: true, type });
    }
  }
  let loads = 0;
  return { Hls: FakeHlsInstance, instances, loadHls: async () => (loads++, FakeHlsInstance), loads: () => loads };
}

describe('HtmlMediaPlayer with hls.js (browsers with Media Source Extensions)', () => {
  const VOD = { url: '/vod/t/clip-a/master.m3u8', kind: 'hls', live: false } as const;
  const LIVE_HLS = { url: '/live/t/tvlive-01/index.m3u8', kind: 'hls', live: true } as const;

  it('loads hls.js only for HLS, then starts at the position asked for', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls();
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    await player.load(VOD, 6);
    expect(hls.loads()).toBe(1);
    const instance = hls.instances[0];
    expect(instance?.loaded).toBe(VOD.url);
    expect(instance?.media).toBe(video);
    expect(instance?.config).toMatchObject({ startPosition: 6, liveSyncDurationCount: 3 });
  });

  it('plays live at the live edge (-1), Infinity long, and never seeks past hls.js’s live sync position', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls();
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    await player.load(LIVE_HLS, 40);
    const instance = hls.instances[0];
    expect(instance?.config).toMatchObject({ startPosition: -1, liveDurationInfinity: true });
    expect(player.duration()).toBe(Number.POSITIVE_INFINITY);
    if (instance) instance.liveSyncPosition = 14;
    player.seek(100);
    expect(video.currentTime).toBe(14);
  });

  it('recovers fatal errors twice, then reports an error', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls();
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    const heard: string[] = [];
    player.on((event) => heard.push(event));
    await player.load(VOD, 0);
    const instance = hls.instances[0];
    instance?.fatal('mediaError');
    instance?.fatal('networkError');
    expect(instance?.recovered).toBe(1);
    expect(instance?.restarted).toBe(1);
    expect(heard).toEqual([]);
    instance?.fatal('mediaError');
    expect(heard).toEqual(['error']);
  });

  it('destroys hls.js on unload and on the next load; a load overtaken while hls.js loads is dropped', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls();
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    await player.load(VOD, 0);
    await player.load(MP4, 0);
    expect(hls.instances[0]?.destroyed).toBe(true);
    expect(video.src).toBe(MP4.url);
    const first = player.load(VOD, 0);
    const second = player.load(MP4, 3);
    await Promise.all([first, second]);
    expect(hls.instances).toHaveLength(1);
    expect(player.source()).toEqual(MP4);
    player.unload();
    expect(video.src).toBe('');
  });

  it('offers hls.js’s renditions; one chosen while they are heard is where it starts, a later one is its next level', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls();
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    player.on((event) => {
      if (event === 'levelschange') player.setStartLevel(0);
    });
    await player.load(VOD, 3);
    const instance = hls.instances[0];
    instance?.manifest([
      { height: 180, bitrate: 150_000 },
      { height: 360, bitrate: 300_000 },
    ]);
    expect(player.levels()).toEqual([
      { height: 180, bandwidth: 150_000 },
      { height: 360, bandwidth: 300_000 },
    ]);
    expect(instance?.startLevel).toBe(0);
    expect(player.level()).toBe(-1);
    player.setLevel(1);
    expect(instance?.nextLevel).toBe(1);
    expect(player.level()).toBe(1);
    player.setLevel(-1);
    expect(instance?.nextLevel).toBe(-1);
  });

  it('starts with a chosen rendition when it is chosen as the renditions are heard', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls();
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    player.on((event) => {
      if (event === 'levelschange') player.setLevel(0);
    });
    await player.load(VOD, 0);
    const instance = hls.instances[0];
    instance?.manifest([
      { height: 180, bitrate: 150_000 },
      { height: 360, bitrate: 300_000 },
    ]);
    expect(instance?.startLevel).toBe(0);
    expect(instance?.loadLevel).toBe(0);
    expect(instance?.nextLevel).toBe(-1);
  });

  it('reads a master playlist’s renditions (BANDWIDTH, RESOLUTION) with their URLs resolved', () => {
    const text = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=640x360,CODECS="a,b"\n360p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=150000\n\n180p/index.m3u8\n';
    expect(parseMasterPlaylist(text, '/vod/t/clip-a/master.m3u8', 'http://app.test/play/x')).toEqual([
      { height: 360, bandwidth: 300_000, url: 'http://app.test/vod/t/clip-a/360p/index.m3u8' },
      { height: 0, bandwidth: 150_000, url: 'http://app.test/vod/t/clip-a/180p/index.m3u8' },
    ]);
  });

  it('falls back to native HLS where hls.js is unsupported but the browser plays HLS', async () => {
    const video = new ScriptedVideo();
    const hls = fakeHls({ supported: false });
    const player = new HtmlMediaPlayer(video, { hasMediaSource: true, loadHls: hls.loadHls });
    await player.load(VOD, 0);
    expect(video.src).toBe(VOD.url);
    video.hlsAnswer = '';
    await expect(player.load(VOD, 0)).rejects.toThrow();
  });
});
