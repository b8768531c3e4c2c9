import { describe, expect, it } from 'vitest';
import { FakeMediaPlayer } from '../../../adapters/media-player/fake-media-player.ts';
import { FakeNetworkType } from '../../../adapters/network-type/fake-network-type.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { PLAYER_TUNING_KEY, PlayerTuning } from '../../../src/core/playback/player-tuning.ts';
import type { NetworkKind } from '../../../src/core/ports/network-type.ts';
import type { MediaSource } from '../../../src/core/ports/media-player.ts';

const VOD: MediaSource = { url: '/vod/t/clip-a/master.m3u8', kind: 'hls', live: false };
const RENDITIONS = [
  { height: 180, bandwidth: 150_000 },
  { height: 360, bandwidth: 300_000 },
];

function setUp(options: { stored?: string; network?: NetworkKind } = {}) {
  const local = new MemoryKeyValueStore(options.stored ? { [PLAYER_TUNING_KEY]: options.stored } : {});
  const network = new FakeNetworkType(options.network ?? 'wifi');
  const tuning = new PlayerTuning({ local, network });
  const player = new FakeMediaPlayer();
  return { local, network, tuning, player };
}

async function playing(player: FakeMediaPlayer): Promise<void> {
  await player.load(VOD, 0);
  player.metadata(20);
  await player.play();
}

describe('PlayerTuning: speed', () => {
  it('plays at the chosen speed, keeps it on the device and for the next screen', async () => {
    const { local, tuning, player } = setUp();
    tuning.attach(player);
    await playing(player);
    tuning.setSpeed(1.5);
    expect(player.playbackRate()).toBe(1.5);
    expect(JSON.parse(local.get(PLAYER_TUNING_KEY) ?? '{}')).toMatchObject({ speed: 1.5 });
    const next = new PlayerTuning({ local, network: new FakeNetworkType() });
    const other = new FakeMediaPlayer();
    next.attach(other);
    expect(other.playbackRate()).toBe(1.5);
    expect(next.current().speed).toBe(1.5);
  });

  it('refuses a speed that is not in the menu', () => {
    const { tuning, player } = setUp();
    tuning.attach(player);
    tuning.setSpeed(3);
    expect(tuning.current().speed).toBe(1);
    expect(player.playbackRate()).toBe(1);
  });

  it('the long press plays 2× while held and returns to the chosen speed', async () => {
    const { tuning, player } = setUp();
    tuning.attach(player);
    await playing(player);
    tuning.setSpeed(0.75);
    expect(tuning.holdStarted()).toBe(true);
    expect(player.playbackRate()).toBe(2);
    expect(tuning.current().holding).toBe(true);
    // A speed chosen while held waits for the release.
    tuning.setSpeed(1.25);
    expect(player.playbackRate()).toBe(2);
    tuning.holdEnded();
    expect(player.playbackRate()).toBe(1.25);
    expect(tuning.current().holding).toBe(false);
  });

  it('a long press while paused does nothing', async () => {
    const { tuning, player } = setUp();
    tuning.attach(player);
    await player.load(VOD, 0);
    expect(tuning.holdStarted()).toBe(false);
    expect(player.playbackRate()).toBe(1);
  });
});

describe('PlayerTuning: quality', () => {
  it('lists the renditions; 自动 lets the player choose on Wi-Fi', async () => {
    const { tuning, player } = setUp();
    tuning.attach(player);
    await player.load(VOD, 0);
    player.offerLevels(RENDITIONS);
    expect(tuning.current().levels).toEqual(RENDITIONS);
    expect(player.level()).toBe(-1);
    expect(player.playingLevel()).toBe(0);
  });

  it('自动 on mobile data starts at the lowest rendition', async () => {
    const { tuning, player } = setUp({ network: 'cellular' });
    tuning.attach(player);
    await player.load(VOD, 0);
    player.offerLevels([RENDITIONS[1], RENDITIONS[0]].filter((l) => l !== undefined));
    expect(player.level()).toBe(-1);
    expect(player.playingLevel()).toBe(1);
    expect(tuning.current().playingLevel).toBe(1);
  });

  it('switches in place keeping the time and playing, and keeps the choice by height', async () => {
    const { local, tuning, player } = setUp();
    tuning.attach(player);
    await playing(player);
    player.offerLevels(RENDITIONS);
    player.advance(6);
    tuning.setQuality(180);
    expect(player.levelSwitches).toEqual([0]);
    expect(player.currentTime()).toBe(6);
    expect(player.paused()).toBe(false);
    expect(JSON.parse(local.get(PLAYER_TUNING_KEY) ?? '{}')).toMatchObject({ quality: 180 });
    // The next video starts with 180P.
    await player.load(VOD, 0);
    player.offerLevels(RENDITIONS);
    expect(player.level()).toBe(0);
    expect(player.levelSwitches).toEqual([0]);
    tuning.setQuality('auto');
    expect(player.level()).toBe(-1);
  });

  it('a kept quality the video lacks plays the highest below it', () => {
    const { tuning, player } = setUp({ stored: JSON.stringify({ speed: 2, quality: 720 }) });
    tuning.attach(player);
    expect(player.playbackRate()).toBe(2);
    return player.load(VOD, 0).then(() => {
      player.offerLevels(RENDITIONS);
      expect(player.level()).toBe(1);
    });
  });

  it('an unreadable store reads as 1× and 自动', () => {
    const { tuning } = setUp({ stored: '{not json' });
    expect(tuning.current()).toMatchObject({ speed: 1, quality: 'auto' });
  });

  it('forgets the renditions when the next source has none (an MP4)', async () => {
    const { tuning, player } = setUp();
    tuning.attach(player);
    await playing(player);
    player.offerLevels(RENDITIONS);
    await player.load({ url: '/vod/t/clip-d.mp4', kind: 'mp4', live: false }, 0);
    player.metadata(20);
    expect(tuning.current().levels).toEqual([]);
  });
});

describe('PlayerTuning: live', () => {
  it('a live stream plays at 1× whatever the chosen speed, and takes no long press; the next video has the speed again', async () => {
    const { tuning, player } = setUp({ stored: JSON.stringify({ speed: 1.5, quality: 'auto' }) });
    tuning.attach(player);
    await player.load({ url: '/live/t/tvlive-01/index.m3u8', kind: 'hls', live: true }, 0);
    await player.play();
    expect(tuning.current().live).toBe(true);
    expect(player.playbackRate()).toBe(1);
    expect(tuning.holdStarted()).toBe(false);
    expect(player.playbackRate()).toBe(1);
    await playing(player);
    expect(tuning.current().live).toBe(false);
    expect(player.playbackRate()).toBe(1.5);
  });
});

describe('PlayerTuning: volume', () => {
  it('steps the volume by 10 % within 0–1', async () => {
    const { tuning, player } = setUp();
    tuning.attach(player);
    await playing(player);
    expect(tuning.volumeBy(-0.1)).toBeCloseTo(0.9);
    expect(player.volume()).toBeCloseTo(0.9);
    expect(tuning.volumeBy(0.1)).toBe(1);
    expect(tuning.volumeBy(0.1)).toBe(1);
  });
});
