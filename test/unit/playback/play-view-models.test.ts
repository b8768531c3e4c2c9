import { describe, expect, it, vi } from 'vitest';
import { FakeMediaPlayer } from '../../../adapters/media-player/fake-media-player.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { PlayerStateStore } from '../../../src/core/playback/play-player-state.ts';
import { PlayService } from '../../../src/core/playback/play-service.ts';
import { PlaySessionFactory } from '../../../src/core/playback/play-session-factory.ts';
import { MediaPlayerFactory } from '../../../src/core/ports/media-player.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { PlayViewModel, episodeFromQuery } from '../../../src/ui/playback/play-view-model.ts';
import { createPlayerHandle } from '../../../src/ui/playback/player-handle.ts';
import type { PlayerEvent } from '../../../src/ui/common/player-slots.ts';
import {
  AlbumDetailViewModel,
  ChoseEpisodesViewModel,
  PlayDownloadViewModel,
  WatchingViewModel,
  watchedLine,
} from '../../../src/ui/playback/playback-view-models.ts';
import { installFakePlayApi } from './play-support.ts';

const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function setup(path = '/play/drama-01', options: { loggedIn?: boolean } = {}) {
  const { container, world } = createHeadlessCore({ path });
  const api = installFakePlayApi(world.http);
  if (options.loggedIn) {
    const outcome = await container.get(SessionService).register({ userName: 'viewer_2', nickName: '观众', password: 'secret123', confirmPassword: 'secret123' });
    if (!outcome.ok) throw new Error('register failed');
  }
  const service = container.get(PlayService);
  return { container, world, api, service };
}

async function playScreen(mediaKey: string, episode: number | null = null) {
  const base = await setup(`/play/${mediaKey}`);
  const { container, world } = base;
  const left: string[] = [];
  const vm = new PlayViewModel(
    {
      makeSession: container.get<PlaySessionFactory>(PlaySessionFactory),
      playerState: container.get(PlayerStateStore),
      navigator: world.navigator,
      makePlayer: container.get<MediaPlayerFactory>(MediaPlayerFactory),
      left: () => left.push('left'),
    },
    mediaKey,
  );
  vm.videoMounted({});
  const stop = vm.opened(episode);
  // The session's code and the player load by dynamic import: on a busy machine the first load outlasts a few ticks.
  await vi.waitFor(
    () => {
      expect(world.players[0]).toBeDefined();
      expect(vm.details).not.toBeNull();
    },
    { timeout: 10_000 },
  );
  await flush();
  const player = world.players[0];
  if (!player) throw new Error('no player');
  return { ...base, vm, stop, player, left };
}

describe('episodeFromQuery', () => {
  it('reads a positive whole number', () => {
    expect(episodeFromQuery('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '2.5', 'x', '99999']) expect(episodeFromQuery(bad)).toBeNull();
  });
});

describe('PlayViewModel', () => {
  it('shows the video, its episodes and time labels; hands the player to the slots once attached', async () => {
    const { vm, player } = await playScreen('drama-01');
    expect(vm.showInsertedAd).toBe(true);
    expect(vm.slotPlayer).toBeNull();
    vm.insertedAdFinished();
    await flush();
    expect(vm.title).toBe('繁花似锦');
    expect(vm.infoLine).toBe('8.6分 · 2024 · 中国大陆 · 剧情');
    expect(vm.showEpisodes).toBe(true);
    expect(vm.currentEpisodeTitle).toBe('第1集');
    expect(vm.related.length).toBeGreaterThan(0);
    expect(vm.slotPlayer).not.toBeNull();
    expect(vm.playing).toBe(true);
    player.metadata(20);
    player.advance(65 / 10);
    expect(vm.timeLabel).toBe('00:06');
    expect(vm.durationLabel).toBe('00:20');
    expect(vm.progressPercent).toBe(32.5);
    expect(vm.live).toBe(false);
  });

  it('drags the progress bar: the label follows the finger, the seek happens on release; a tap seeks at once', async () => {
    const { vm, player } = await playScreen('movie-01');
    vm.insertedAdFinished();
    await flush();
    player.metadata(20);
    vm.scrubbed(12, true);
    expect(vm.timeLabel).toBe('00:12');
    expect(player.currentTime()).toBe(0);
    vm.scrubEnded();
    expect(player.currentTime()).toBe(12);
    vm.scrubbed(4, false);
    expect(player.currentTime()).toBe(4);
  });

  it('an episode tap changes the address; the address change plays it; the next episode updates the address', async () => {
    const { vm, world, player } = await playScreen('drama-01');
    vm.insertedAdFinished();
    await flush();
    vm.episodeTapped(2);
    expect(world.navigator.current()).toEqual({ path: '/play/drama-01', query: { episode: '2' } });
    vm.episodeQueryChanged(2);
    await flush();
    expect(vm.episode).toBe(2);
    player.metadata(20);
    player.finish();
    await flush();
    expect(vm.episode).toBe(3);
    expect(world.navigator.current().query).toEqual({ episode: '3' });
  });

  it('more episodes, 简介, moreFun and pause', async () => {
    const { vm, world } = await playScreen('drama-01');
    vm.insertedAdFinished();
    await flush();
    vm.moreEpisodesTapped();
    expect(world.navigator.current()).toEqual({ path: '/choseEpisodes', query: { mediaKey: 'drama-01', episode: '1' } });
    vm.introTapped();
    expect(world.navigator.current()).toEqual({ path: '/albumDetail', query: { mediaKey: 'drama-01' } });
    vm.moreFunTapped();
    expect(vm.moreFunOpen).toBe(true);
    vm.settingChanged('skip', true);
    expect(vm.settings.skip).toBe(true);
    vm.moreFunClosed();
    expect(vm.moreFunOpen).toBe(false);
    vm.playTapped();
    expect(vm.pausedByUser).toBe(true);
    expect(vm.playLabel).toBe('播放');
  });

  it('a live channel is live; fullscreen follows the player state; leaving closes the session', async () => {
    const { vm, stop, world, player, left } = await playScreen('tvlive-01');
    vm.insertedAdFinished();
    await flush();
    expect(vm.live).toBe(true);
    vm.fullscreenTapped({});
    await flush();
    expect(vm.fullscreen).toBe(true);
    stop();
    await flush();
    expect(vm.slotPlayer).toBeNull();
    expect(world.fullscreen.active()).toBe(false);
    expect(player.source()).toBeNull();
    expect(left).toEqual(['left']);
  });

  it('a locked video shows the gate, not the inserted ad; the mobile-data notice waits for 继续播放', async () => {
    const locked = await playScreen('movie-02');
    expect(locked.vm.locked).toBe(true);
    expect(locked.vm.goldPrice).toBe(30);
    expect(locked.vm.showInsertedAd).toBe(false);
    const base = await setup('/play/movie-01');
    base.world.network.switchTo('cellular');
    const vm = new PlayViewModel(
      {
        makeSession: base.container.get<PlaySessionFactory>(PlaySessionFactory),
        playerState: base.container.get(PlayerStateStore),
        navigator: base.world.navigator,
        makePlayer: base.container.get<MediaPlayerFactory>(MediaPlayerFactory),
      },
      'movie-01',
    );
    vm.videoMounted({});
    vm.opened(null);
    await flush();
    vm.insertedAdFinished();
    await flush();
    expect(vm.askingMobileData).toBe(true);
    expect(vm.texts.mobileData).toBe('当前为移动网络，播放将消耗流量');
    vm.continueTapped();
    await flush();
    expect(vm.askingMobileData).toBe(false);
    expect(vm.playing).toBe(true);
  });
});

describe('createPlayerHandle', () => {
  it('forwards the player events and fullscreen changes; live time counts from where the page started', async () => {
    const player = new FakeMediaPlayer();
    const state = new PlayerStateStore();
    await player.load({ url: '/live/t/c/index.m3u8', kind: 'hls', live: true }, 0);
    const handle = createPlayerHandle(player, true, state);
    // hls.js starts a live stream near its edge, 40 s into its timeline.
    player.setLiveEdge(40);
    player.seek(40);
    const heard: PlayerEvent[] = [];
    handle.on((event) => heard.push(event));
    await player.play();
    player.advance(3);
    state.setFullscreen(true);
    expect(heard).toEqual(['play', 'timeupdate', 'fullscreenchange']);
    expect(handle.fullscreen()).toBe(true);
    expect(handle.duration()).toBe(Number.POSITIVE_INFINITY);
    expect(handle.currentTime()).toBe(3);
    handle.pause();
    expect(handle.paused()).toBe(true);
    expect(heard.at(-1)).toBe('pause');
    handle.dispose();
    await handle.play();
    expect(heard).toHaveLength(4);
  });
});

describe('the pages around the player', () => {
  it('/choseEpisodes lists the episodes and replaces itself with the player', async () => {
    const { service, world } = await setup('/choseEpisodes');
    const vm = new ChoseEpisodesViewModel(service, world.navigator, 'drama-01', 2);
    await vm.page.load();
    expect(vm.page.status).toBe('ready');
    expect(vm.page.episodes.map((e) => e.episode)).toEqual([1, 2, 3, 4, 5, 6]);
    vm.episodeTapped(4);
    expect(world.navigator.current()).toEqual({ path: '/play/drama-01', query: { episode: '4' } });
    const missing = new ChoseEpisodesViewModel(service, world.navigator, '', null);
    expect(missing.page.missing).toBe(true);
  });

  it('/albumDetail shows the album with its lines and plays an episode', async () => {
    const { service, world, api } = await setup('/albumDetail');
    const vm = new AlbumDetailViewModel(service, world.navigator, 'drama-01');
    await vm.page.load();
    expect(vm.page.details?.description).toBe('繁花似锦的简介');
    expect(vm.lines).toEqual(['2024 · 中国大陆', '剧情', '共6集']);
    expect(vm.score).toBe('8.6');
    vm.episodeTapped(3);
    expect(world.navigator.current()).toEqual({ path: '/play/drama-01', query: { episode: '3' } });
    api.fail.set('/api/Video/VideoDetails', { ret: 1030, msg: '视频不存在' });
    const failed = new AlbumDetailViewModel(service, world.navigator, 'nope');
    await failed.page.load();
    expect(failed.page.status).toBe('failed');
  });

  it('/playDownload: MP4 downloads, HLS needs the app, a locked video says so, a refused one gives the operator\'s reason', async () => {
    const { service, world, api } = await setup('/playDownload');
    const mp4 = new PlayDownloadViewModel(service, world.navigator, 'music-01');
    await mp4.load();
    expect(mp4.rows).toEqual([{ episode: 1, title: '夜曲', kind: 'mp4', url: '/vod/t/clip-d.mp4', fileName: '夜曲.mp4' }]);
    expect(mp4.refusal).toBeNull();
    expect(mp4.needsApp).toBe(false);
    const hls = new PlayDownloadViewModel(service, world.navigator, 'drama-01');
    await hls.load();
    expect(hls.rows.every((row) => row.kind === 'hls')).toBe(true);
    expect(hls.needsApp).toBe(true);
    hls.appTapped();
    expect(world.navigator.current().path).toBe('/app-download');
    const locked = new PlayDownloadViewModel(service, world.navigator, 'movie-02');
    await locked.load();
    expect(locked.rows[0]?.kind).toBe('locked');
    const live = new PlayDownloadViewModel(service, world.navigator, 'tvlive-01');
    await live.load();
    expect(live.rows[0]?.kind).toBe('live');
    // The operator turns downloading it off (a new entry: the entries are shared with other tests).
    const index = api.videos.findIndex((video) => video.mediaKey === 'music-01');
    api.videos.splice(index, 1, { ...api.videos[index]!, downloadable: false });
    const refused = new PlayDownloadViewModel(service, world.navigator, 'music-01');
    await refused.load();
    expect(refused.rows).toEqual([{ episode: 1, title: '夜曲', kind: 'refused', reason: '该视频暂不支持下载' }]);
    expect(refused.refusal).toBe('该视频暂不支持下载');
    expect(refused.needsApp).toBe(false);
  });

  it('/watching: the viewer\'s own list with progress, then what everyone watches', async () => {
    const { container, service, api } = await setup('/watching', { loggedIn: true });
    api.lastPlayed.set('drama-01', { episode: 2, progress: 5 });
    const vm = new WatchingViewModel(service, new SessionModel(container.get(UserSession)));
    expect(vm.loggedIn).toBe(true);
    await vm.load();
    expect(vm.mine.map((v) => v.mediaKey)).toEqual(['drama-01']);
    expect(vm.everyone.length).toBeGreaterThan(0);
    const first = vm.mine[0];
    if (!first) throw new Error('no row');
    expect(watchedLine(first)).toEqual({ label: '第2集 观看至 00:05', percent: 25 });
    expect(watchedLine({ ...first, episode: 1, episodeDuration: 0, duration: 100 })).toEqual({ label: '观看至 00:05', percent: 5 });
  });
});
