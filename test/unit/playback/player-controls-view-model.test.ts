import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { FakeMediaPlayer } from '../../../adapters/media-player/fake-media-player.ts';
import { FakeNetworkType } from '../../../adapters/network-type/fake-network-type.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { PlayerTuning } from '../../../src/core/playback/player-tuning.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import type { ViewModelFactory } from '../../../src/ui/app/view-model-token.ts';
import { PlayModel, type PlayViewModel } from '../../../src/ui/playback/play-view-model.ts';
import { PlayerControlsViewModel, type PlayerKeyCommands } from '../../../src/ui/playback/player-controls-view-model.ts';

const VOD = { url: '/vod/t/clip-a/master.m3u8', kind: 'hls', live: false } as const;

function setUp() {
  const player = new FakeMediaPlayer();
  const clock = new FakeClock();
  const vm = new PlayerControlsViewModel(new PlayerTuning({ local: new MemoryKeyValueStore(), network: new FakeNetworkType('wifi') }), clock);
  vm.playerChanged(player);
  const calls: string[] = [];
  let fullscreen = false;
  const commands: PlayerKeyCommands = {
    togglePlay: () => calls.push('play'),
    seekBy: (seconds) => calls.push(`seek ${seconds}`),
    toggleFullscreen: () => {
      fullscreen = !fullscreen;
      calls.push('fullscreen');
    },
    isFullscreen: () => fullscreen,
    toggleBarrages: () => calls.push('barrages'),
  };
  return { player, vm, calls, commands, clock };
}

async function playingWithRenditions(player: FakeMediaPlayer): Promise<void> {
  await player.load(VOD, 0);
  player.offerLevels([
    { height: 180, bandwidth: 150_000 },
    { height: 360, bandwidth: 300_000 },
  ]);
  player.metadata(20);
  await player.play();
}

describe('PlayerControlsViewModel', () => {
  it('the 倍速 menu: 2.0X to 0.5X, the chosen one marked, the button showing it', async () => {
    const { vm, player } = setUp();
    await playingWithRenditions(player);
    expect(vm.speedButtonLabel).toBe('倍速');
    vm.speedMenuTapped();
    expect(vm.menu).toBe('speed');
    expect(vm.speeds.map((s) => s.label)).toEqual(['2.0X', '1.5X', '1.25X', '1.0X', '0.75X', '0.5X']);
    expect(vm.speeds.find((s) => s.selected)?.speed).toBe(1);
    vm.speedChosen(2);
    expect(vm.menu).toBe('none');
    expect(player.playbackRate()).toBe(2);
    expect(vm.speedButtonLabel).toBe('2.0X');
  });

  it('the quality menu: the renditions by name and 自动, shown only with renditions', async () => {
    const { vm, player } = setUp();
    expect(vm.showQuality).toBe(false);
    await playingWithRenditions(player);
    expect(vm.showQuality).toBe(true);
    expect(vm.qualities.map((q) => q.label)).toEqual(['360P 流畅', '180P 极速', '自动']);
    expect(vm.qualityButtonLabel).toBe('自动');
    vm.qualityMenuTapped();
    vm.qualityChosen(180);
    expect(vm.menu).toBe('none');
    expect(player.level()).toBe(0);
    expect(vm.qualityButtonLabel).toBe('180P');
    expect(vm.qualities.find((q) => q.selected)?.label).toBe('180P 极速');
  });

  it('a kept quality the video lacks shows as the rendition it plays', async () => {
    const local = new MemoryKeyValueStore({ playerSpeedQuality: JSON.stringify({ speed: 1, quality: 720 }) });
    const vm = new PlayerControlsViewModel(new PlayerTuning({ local, network: new FakeNetworkType('wifi') }));
    const player = new FakeMediaPlayer();
    vm.playerChanged(player);
    await playingWithRenditions(player);
    expect(player.level()).toBe(1);
    expect(vm.qualities.find((q) => q.selected)?.label).toBe('360P 流畅');
    expect(vm.qualityButtonLabel).toBe('360P');
  });

  it('the long press: holding shows the hint and plays 2×, the release returns to the chosen speed', async () => {
    const { vm, player } = setUp();
    await playingWithRenditions(player);
    vm.speedChosen(1);
    vm.holdStarted();
    expect(vm.holding).toBe(true);
    expect(vm.texts.holdHint).toBe('2× 倍速播放中');
    expect(player.playbackRate()).toBe(2);
    vm.holdEnded();
    expect(vm.holding).toBe(false);
    expect(player.playbackRate()).toBe(1);
  });

  it('keys: play, seek, volume, fullscreen, barrages, Esc; nothing in a text field', async () => {
    const { vm, player, calls, commands } = setUp();
    await playingWithRenditions(player);
    expect(vm.keyPressed(' ', 'page', false, commands)).toBe(true);
    expect(vm.keyPressed('ArrowRight', 'page', false, commands)).toBe(true);
    expect(vm.keyPressed('ArrowLeft', 'page', false, commands)).toBe(true);
    expect(vm.keyPressed('ArrowDown', 'page', false, commands)).toBe(true);
    expect(vm.volumePercent).toBe(90);
    expect(vm.keyPressed('D', 'page', false, commands)).toBe(true);
    expect(vm.keyPressed('Escape', 'page', false, commands)).toBe(false);
    expect(vm.keyPressed('f', 'page', false, commands)).toBe(true);
    expect(vm.keyPressed('Escape', 'page', false, commands)).toBe(true);
    expect(calls).toEqual(['play', 'seek 5', 'seek -5', 'barrages', 'fullscreen', 'fullscreen']);
    expect(vm.keyPressed(' ', 'text', false, commands)).toBe(false);
    expect(vm.keyPressed('d', 'text', false, commands)).toBe(false);
    expect(calls).toHaveLength(6);
  });

  it('↑/↓ show the volume for a moment', async () => {
    const { vm, player, commands, clock } = setUp();
    await playingWithRenditions(player);
    vm.keyPressed('ArrowDown', 'page', false, commands);
    vm.keyPressed('ArrowDown', 'page', false, commands);
    expect(vm.volumeHint).toBe('音量 80%');
    clock.advance(900);
    vm.keyPressed('ArrowUp', 'page', false, commands);
    expect(vm.volumeHint).toBe('音量 90%');
    clock.advance(900);
    expect(vm.volumeHint).toBe('音量 90%');
    clock.advance(200);
    expect(vm.volumeHint).toBeNull();
  });

  it('no 倍速 for a live stream', async () => {
    const { vm, player } = setUp();
    expect(vm.showSpeed).toBe(true);
    await player.load({ url: '/live/t/tvlive-01/index.m3u8', kind: 'hls', live: true }, 0);
    await player.play();
    expect(vm.showSpeed).toBe(false);
  });

  it('Esc closes an open menu first', () => {
    const { vm, commands, calls } = setUp();
    vm.speedMenuTapped();
    expect(vm.keyPressed('Escape', 'page', false, commands)).toBe(true);
    expect(vm.menu).toBe('none');
    expect(calls).toEqual([]);
  });

  it('the player leaving forgets the renditions', async () => {
    const { vm, player } = setUp();
    await playingWithRenditions(player);
    vm.playerChanged(null);
    expect(vm.showQuality).toBe(false);
  });

  it('comes with the play screen’s view-model as the composition root binds it, and follows its player', async () => {
    const { container } = createHeadlessCore();
    const play = container.get<ViewModelFactory<PlayViewModel, { mediaKey: string }>>(PlayModel.id)({ mediaKey: 'movie-01' });
    const controls = play.controls;
    expect(controls).toBeInstanceOf(PlayerControlsViewModel);
    play.videoMounted({});
    await new Promise((resolve) => setTimeout(resolve, 0));
    controls?.speedChosen(1.5);
    expect(controls?.speedButtonLabel).toBe('1.5X');
  });
});
