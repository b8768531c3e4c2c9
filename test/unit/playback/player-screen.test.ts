import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { FakePictureInPicture } from '../../../adapters/picture-in-picture/fake-picture-in-picture.ts';
import fc from 'fast-check';
import { isMiniPlayerDrag, MINI_PLAYER_SIDE_GAP, MiniPlayerStore, settleMiniPlayer, type MiniPlayerEntry } from '../../../src/core/playback/mini-player.ts';
import { GESTURE_RULES } from '../../../src/core/playback/player-gestures.ts';
import { PlayerGesturesViewModel, type GesturePlayer } from '../../../src/ui/playback/player-gestures-view-model.ts';
import { observable, runInAction } from 'mobx';
import { FakeMediaPlayer } from '../../../adapters/media-player/fake-media-player.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { MiniPlayerViewModel } from '../../../src/ui/playback/mini-player-view-model.ts';
import { PlayProgressRecorder, type PlayPosition } from '../../../src/core/playback/play-progress.ts';
import { PlayerTuning } from '../../../src/core/playback/player-tuning.ts';
import { FakeNetworkType } from '../../../adapters/network-type/fake-network-type.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';

const entry = (over: Partial<MiniPlayerEntry> = {}): MiniPlayerEntry => ({
  mediaKey: 'movie 01',
  episode: 2,
  title: '长河落日',
  source: { url: '/vod/movie-01/master.m3u8', kind: 'hls', live: false },
  time: 42.5,
  ...over,
});

describe('MiniPlayerStore', () => {
  it('holds the video left playing, follows its position and returns to its play page, which continues from there once', () => {
    const store = new MiniPlayerStore();
    const heard: (string | null)[] = [];
    store.subscribe((e) => heard.push(e?.mediaKey ?? null));
    store.leftWhilePlaying(entry());
    store.progressed(50);
    store.progressed(Number.NaN);
    expect(store.current()?.time).toBe(50);
    expect(store.returnTapped()).toEqual({ path: '/play/movie%2001', query: { episode: '2' } });
    expect(store.current()).toBeNull();
    expect(store.takeResume('movie 01', 1)).toBeNull();
    expect(store.takeResume('movie 01', 2)).toBe(50);
    expect(store.takeResume('movie 01', 2)).toBeNull();
    expect(heard).toEqual(['movie 01', null]);
  });

  it('closes on ×, and gives way when a play page opens', () => {
    const store = new MiniPlayerStore();
    store.leftWhilePlaying(entry());
    store.close();
    expect(store.current()).toBeNull();
    expect(store.returnTapped()).toBeNull();
    store.leftWhilePlaying(entry());
    store.playPageOpened();
    expect(store.current()).toBeNull();
  });

  it('a live channel goes on at the live edge: no position kept', () => {
    const store = new MiniPlayerStore();
    store.leftWhilePlaying(entry({ source: { url: '/live/cctv/index.m3u8', kind: 'hls', live: true }, time: 300 }));
    expect(store.current()?.time).toBe(0);
    store.progressed(20);
    expect(store.current()?.time).toBe(0);
    store.returnTapped();
    expect(store.takeResume('movie 01', 2)).toBeNull();
  });
});

/** A play screen's player the gestures steer. */
function makePlayer() {
  const state = observable({ playing: false, shownTime: 60, duration: 300, fullscreen: false, live: false });
  const seeks: number[] = [];
  let toggles = 0;
  const player: GesturePlayer & { seeks: number[]; toggles: () => number } = {
    get playing() {
      return state.playing;
    },
    get shownTime() {
      return state.shownTime;
    },
    get duration() {
      return state.duration;
    },
    get fullscreen() {
      return state.fullscreen;
    },
    get live() {
      return state.live;
    },
    playTapped: () => {
      toggles++;
      runInAction(() => (state.playing = !state.playing));
    },
    seekTo: (s) => seeks.push(s),
    seeks,
    toggles: () => toggles,
  };
  return { state, player };
}

function makeVm() {
  const clock = new FakeClock();
  const pip = new FakePictureInPicture();
  const { state, player } = makePlayer();
  const holds: string[] = [];
  const vm = new PlayerGesturesViewModel({ clock, pip }, player, () => ({ holdStarted: () => holds.push('start'), holdEnded: () => holds.push('end') }));
  const stop = vm.opened();
  return { clock, pip, state, player, vm, holds, stop };
}

/** Two taps 120 ms apart near one spot of a 360×200 picture. */
function doubleTap(vm: PlayerGesturesViewModel, clock: FakeClock): void {
  vm.pointerDown(100, 100, 360, 200);
  vm.pointerUp(100, 100);
  clock.advance(120);
  vm.pointerDown(102, 100, 360, 200);
  vm.pointerUp(102, 100);
}

describe('PlayerGesturesViewModel', () => {
  it('a tap hides and shows the controls; while playing they hide by themselves after 3 s', () => {
    const { clock, vm, player } = makeVm();
    expect(vm.controlsShown).toBe(true);
    vm.pointerDown(100, 100, 360, 200);
    vm.pointerUp(100, 100);
    clock.advance(GESTURE_RULES.doubleTapMs);
    expect(vm.controlsShown).toBe(false);
    vm.pointerDown(100, 100, 360, 200);
    vm.pointerUp(100, 100);
    clock.advance(GESTURE_RULES.doubleTapMs);
    expect(vm.controlsShown).toBe(true);
    player.playTapped();
    clock.advance(GESTURE_RULES.controlsHideMs - 10);
    expect(vm.controlsShown).toBe(true);
    clock.advance(10);
    expect(vm.controlsShown).toBe(false);
    player.playTapped();
    expect(vm.controlsShown).toBe(true);
  });

  it('the controls stay while the focus is in them (typing a barrage in fullscreen), and hide after it leaves', () => {
    const { clock, vm, player } = makeVm();
    player.playTapped();
    vm.controlsFocused(true);
    clock.advance(GESTURE_RULES.controlsHideMs * 3);
    expect(vm.controlsShown).toBe(true);
    vm.controlsFocused(false);
    clock.advance(GESTURE_RULES.controlsHideMs);
    expect(vm.controlsShown).toBe(false);
  });

  it('a double tap plays or pauses', () => {
    const { clock, vm, player } = makeVm();
    doubleTap(vm, clock);
    expect(player.toggles()).toBe(1);
    expect(player.playing).toBe(true);
    clock.advance(1000);
    expect(vm.controlsShown).toBe(true);
  });

  it('a long press calls the controls’ hold intents', () => {
    const { clock, vm, holds } = makeVm();
    vm.pointerDown(100, 100, 360, 200);
    clock.advance(GESTURE_RULES.holdMs);
    expect(holds).toEqual(['start']);
    vm.pointerUp(100, 100);
    expect(holds).toEqual(['start', 'end']);
  });

  it('a swipe shows the preview and seeks on release', () => {
    const { vm, player } = makeVm();
    vm.pointerDown(100, 100, 360, 200);
    vm.pointerMoved(160, 102);
    expect(vm.seekPreview).toEqual({ time: '01:15 / 05:00', delta: '+15秒' });
    vm.pointerUp(160, 102);
    expect(vm.seekPreview).toBeNull();
    expect(player.seeks).toEqual([75]);
  });

  it('in fullscreen, a vertical swipe on the right half sets the video’s brightness with a hint that goes', () => {
    const { clock, vm, state } = makeVm();
    runInAction(() => (state.fullscreen = true));
    vm.pointerDown(300, 150, 360, 200);
    vm.pointerMoved(300, 190);
    expect(vm.brightness).toBeCloseTo(0.8);
    expect(vm.videoFilter).toBe('brightness(0.8)');
    expect(vm.brightnessHint).toBe('亮度 80%');
    vm.pointerUp(300, 190);
    clock.advance(1000);
    expect(vm.brightnessHint).toBeNull();
    expect(vm.brightness).toBeCloseTo(0.8);
  });

  it('fullscreen’s 🔒: locked, only a tap counts (it shows the lock, which hides again); leaving fullscreen unlocks', () => {
    const { clock, vm, state, player, holds } = makeVm();
    expect(vm.lockOffered).toBe(false);
    vm.lockTapped();
    expect(vm.locked).toBe(false);
    runInAction(() => (state.fullscreen = true));
    expect(vm.lockOffered).toBe(true);
    vm.lockTapped();
    expect([vm.locked, vm.lockLabel]).toEqual([true, '解锁屏幕']);
    // Paused, the lock still goes after a while.
    clock.advance(GESTURE_RULES.controlsHideMs);
    expect(vm.controlsShown).toBe(false);
    // A double tap neither plays nor pauses: it shows the lock.
    doubleTap(vm, clock);
    expect(player.toggles()).toBe(0);
    expect(vm.controlsShown).toBe(true);
    // No seek, no brightness, no 2×.
    clock.advance(GESTURE_RULES.controlsHideMs);
    vm.pointerDown(100, 100, 360, 200);
    vm.pointerMoved(200, 102);
    vm.pointerUp(200, 102);
    vm.pointerDown(300, 150, 360, 200);
    vm.pointerMoved(300, 190);
    vm.pointerUp(300, 190);
    vm.pointerDown(100, 100, 360, 200);
    clock.advance(GESTURE_RULES.holdMs);
    vm.pointerUp(100, 100);
    expect([player.seeks, vm.seekPreview, vm.videoFilter]).toEqual([[], null, '']);
    expect(holds).not.toContain('start');
    vm.lockTapped();
    expect([vm.locked, vm.lockLabel, vm.controlsShown]).toEqual([false, '锁定屏幕', true]);
    vm.lockTapped();
    runInAction(() => (state.fullscreen = false));
    expect(vm.locked).toBe(false);
  });

  it('the 小窗 button follows picture-in-picture, also when the viewer closes the small window', async () => {
    const { vm, pip } = makeVm();
    expect(vm.pipSupported).toBe(true);
    await vm.pipTapped({});
    expect(vm.pipActive).toBe(true);
    expect(vm.pipLabel).toBe('退出小窗');
    pip.closeByUser();
    expect(vm.pipActive).toBe(false);
  });

  it('stops its timers when the screen goes', () => {
    const { clock, vm, stop } = makeVm();
    vm.pointerDown(100, 100, 360, 200);
    vm.pointerUp(100, 100);
    stop();
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('the floating player’s drag rule', () => {
  it('a travel of 8 px or less is a tap, more is a drag', () => {
    expect(isMiniPlayerDrag(8, 0)).toBe(false);
    expect(isMiniPlayerDrag(5, 6)).toBe(false);
    expect(isMiniPlayerDrag(6, 6)).toBe(true);
    expect(isMiniPlayerDrag(0, -9)).toBe(true);
  });

  it('settles on the side its centre was let go on and glides from exactly where it was let go', () => {
    fc.assert(
      fc.property(fc.integer({ min: 200, max: 1200 }), fc.integer({ min: 80, max: 200 }), fc.double({ min: -300, max: 1500, noNaN: true }), (viewport, width, left) => {
        const { side, glideFrom } = settleMiniPlayer({ left, width }, viewport);
        expect(side).toBe(left + width / 2 < viewport / 2 ? 'left' : 'right');
        const rest = side === 'left' ? MINI_PLAYER_SIDE_GAP : viewport - MINI_PLAYER_SIDE_GAP - width;
        expect(rest + glideFrom).toBeCloseTo(left, 6);
      }),
    );
  });

  it('the store keeps the side for the next video; it starts on the right', () => {
    const store = new MiniPlayerStore();
    expect(store.side()).toBe('right');
    store.settledOn('left');
    store.leftWhilePlaying(entry());
    store.close();
    expect(store.side()).toBe('left');
  });
});

describe('MiniPlayerViewModel', () => {
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  function makeMini(autoplay: boolean) {
    const store = new MiniPlayerStore();
    store.leftWhilePlaying(entry());
    const navigator = new MemoryNavigator('/movie');
    const player = new FakeMediaPlayer();
    player.allowAutoplay(autoplay);
    const vm = new MiniPlayerViewModel({ store, navigator, makePlayer: async () => player });
    return { store, navigator, player, vm };
  }

  it('plays the video handed over from where the play page was; a tap returns there and the play page continues from the mini player’s position', async () => {
    const { store, navigator, player, vm } = makeMini(true);
    vm.videoMounted({});
    await flush();
    expect(player.loads.map((l) => l.startAt)).toEqual([42.5]);
    expect(player.paused()).toBe(false);
    player.seek(48);
    store.progressed(player.currentTime());
    vm.returnTapped();
    expect(navigator.current()).toMatchObject({ path: '/play/movie%2001', query: { episode: '2' } });
    expect(store.takeResume('movie 01', 2)).toBe(48);
    vm.videoMounted(null);
    expect(player.source()).toBeNull();
  });

  it('a drag moves it with the finger, settles it on the nearer side and is no tap; the next tap returns', async () => {
    const { store, navigator, vm } = makeMini(true);
    vm.videoMounted({});
    await flush();
    vm.pressed(300, 700);
    expect(vm.moved(305, 703)).toBe(false);
    expect(vm.offset).toBeNull();
    expect(vm.moved(100, 640)).toBe(true);
    expect(vm.dragging).toBe(true);
    expect(vm.offset).toEqual({ x: -200, y: -60 });
    // Let go with its box at 12..180 on a 390 px screen: its centre is on the left.
    vm.released({ left: 12, width: 168 }, 390);
    expect(vm.side).toBe('left');
    expect(store.side()).toBe('left');
    expect(vm.letGo).toBe(true);
    expect(vm.offset).toEqual({ x: 2, y: -60 });
    vm.glideStarted();
    expect(vm.offset).toBeNull();
    expect(vm.gliding).toBe(true);
    vm.returnTapped(); // the click that may end a drag
    expect(navigator.current().path).toBe('/movie');
    vm.glideEnded();
    vm.pressed(20, 700);
    vm.released({ left: 10, width: 168 }, 390);
    vm.returnTapped();
    expect(navigator.current().path).toBe('/play/movie%2001');
    expect(vm.side).toBe('left');
  });

  it('plays at the speed the viewer chose on the play page (kept on the device)', async () => {
    const local = new MemoryKeyValueStore();
    new PlayerTuning({ local, network: new FakeNetworkType() }).setSpeed(1.5);
    const store = new MiniPlayerStore();
    store.leftWhilePlaying(entry());
    const player = new FakeMediaPlayer();
    const tuning = new PlayerTuning({ local, network: new FakeNetworkType() });
    const vm = new MiniPlayerViewModel({ store, navigator: new MemoryNavigator('/movie'), makePlayer: async () => player, tuning });
    vm.videoMounted({});
    await flush();
    expect(player.playbackRate()).toBe(1.5);
    vm.videoMounted(null);
  });

  it('starts without sound where the browser refuses sound without a tap; 🔇 brings the sound back', async () => {
    const { player, vm } = makeMini(false);
    const element = { muted: false };
    // The fake refuses while not allowed; allow it once the element is muted (as browsers allow muted autoplay).
    const play = player.play.bind(player);
    player.play = async () => {
      if (element.muted) player.allowAutoplay(true);
      return play();
    };
    vm.videoMounted(element);
    await flush();
    await flush();
    expect(element.muted).toBe(true);
    expect(vm.muted).toBe(true);
    vm.unmuteTapped();
    expect(element.muted).toBe(false);
    expect(vm.muted).toBe(false);
  });

  it('records a signed-in viewer’s progress as the play page does: when it plays, and where it is when closed', async () => {
    const store = new MiniPlayerStore();
    store.leftWhilePlaying(entry());
    const player = new FakeMediaPlayer();
    const sent: PlayPosition[] = [];
    const clock = new FakeClock();
    const vm = new MiniPlayerViewModel({
      store,
      navigator: new MemoryNavigator('/movie'),
      makePlayer: async () => player,
      makeRecorder: (position) =>
        new PlayProgressRecorder({ service: { addPlayRecord: async (p) => sent.push(p) > 0 }, clock, loggedIn: () => true, position, sent: () => undefined }),
    });
    vm.videoMounted({});
    await flush();
    await flush();
    player.seek(51.7);
    vm.closeTapped();
    vm.videoMounted(null);
    await flush();
    expect(sent).toEqual([
      { mediaKey: 'movie 01', episode: 2, progress: 42 },
      { mediaKey: 'movie 01', episode: 2, progress: 51 },
    ]);
  });

  it('× closes it', async () => {
    const { store, vm } = makeMini(true);
    vm.videoMounted({});
    await flush();
    vm.closeTapped();
    expect(store.current()).toBeNull();
  });
});
