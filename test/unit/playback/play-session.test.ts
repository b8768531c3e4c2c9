import { describe, expect, it } from 'vitest';
import { FakeMediaPlayer } from '../../../adapters/media-player/fake-media-player.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { PlayerStateStore } from '../../../src/core/playback/play-player-state.ts';
import { PlaySessionFactory } from '../../../src/core/playback/play-session-factory.ts';
import { PlayerSettingsStore } from '../../../src/core/playback/play-settings.ts';
import { SessionService } from '../../../src/core/session/session-service.ts';
import { installFakePlayApi } from './play-support.ts';

const flush = async () => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

async function setup(options: { loggedIn?: boolean } = {}) {
  const { container, world } = createHeadlessCore({ path: '/play/movie-01' });
  const api = installFakePlayApi(world.http);
  if (options.loggedIn !== false) {
    const outcome = await container.get(SessionService).register({ userName: 'viewer_1', nickName: '观众', password: 'secret123', confirmPassword: 'secret123' });
    if (!outcome.ok) throw new Error('register failed');
  }
  const session = await container.get<PlaySessionFactory>(PlaySessionFactory)();
  const player = new FakeMediaPlayer();
  const playerState = container.get(PlayerStateStore);
  const settings = container.get(PlayerSettingsStore);
  /** Opens a video with its player attached and the inserted ad over. */
  const open = async (mediaKey: string, episode: number | null = null) => {
    session.attach(player);
    await session.open(mediaKey, episode);
    session.prerollFinished();
    await flush();
  };
  return { container, world, api, session, player, playerState, settings, open };
}

describe('PlaySession: opening a video', () => {
  it('loads details, episodes, related videos and the address, then plays from the start and records it', async () => {
    const { session, player, api, open } = await setup();
    await open('movie-01');
    const state = session.current();
    expect(state.phase).toBe('ready');
    expect(state.details?.title).toBe('长河落日');
    expect(state.episodes).toHaveLength(1);
    expect(state.related.map((v) => v.mediaKey)).not.toContain('movie-01');
    expect(state.access).toBe('open');
    expect(player.loads).toEqual([{ source: { url: '/vod/t/movie-01-1/master.m3u8', kind: 'hls', live: false }, startAt: 0 }]);
    expect(state.playing).toBe(true);
    expect(state.attached).toBe(true);
    expect(api.records).toEqual([{ mediaKey: 'movie-01', episode: 1, progress: 0 }]);
  });

  it('waits for the inserted ad before loading the source', async () => {
    const { session, player } = await setup();
    session.attach(player);
    await session.open('movie-01', null);
    await flush();
    expect(player.loads).toHaveLength(0);
    expect(session.current().prerollDone).toBe(false);
    session.prerollFinished();
    await flush();
    expect(player.loads).toHaveLength(1);
  });

  it('records nothing for a visitor', async () => {
    const { api, open, player } = await setup({ loggedIn: false });
    await open('movie-01');
    player.advance(5);
    player.pause();
    expect(api.records).toEqual([]);
  });

  it('fails honestly when the video does not exist, and a retry tries again', async () => {
    const { session, open, api } = await setup();
    api.fail.set('/api/Video/VideoDetails', { ret: 1030, msg: '视频不存在' });
    await open('movie-01');
    expect(session.current().phase).toBe('failed');
    api.fail.clear();
    await session.retry();
    await flush();
    expect(session.current().phase).toBe('ready');
  });

  it('shows a failure when the media cannot be loaded or breaks, and plays again on retry', async () => {
    const { session, player, open } = await setup();
    player.failNextLoad();
    await open('movie-01');
    expect(session.current().mediaFailed).toBe(true);
    await session.retry();
    await flush();
    expect(session.current().mediaFailed).toBe(false);
    expect(session.current().playing).toBe(true);
    player.fail();
    expect(session.current().mediaFailed).toBe(true);
  });
});

describe('PlaySession: the gold lock (ret 1031)', () => {
  it('is locked without loading anything; unlocking asks for the address again and plays', async () => {
    const { session, player, api, open } = await setup();
    await open('movie-02');
    expect(session.current().access).toBe('locked');
    expect(session.current().details?.goldPrice).toBe(30);
    expect(player.loads).toHaveLength(0);
    api.unlocked.add('movie-02');
    await session.unlocked();
    await flush();
    expect(session.current().access).toBe('open');
    expect(player.loads).toHaveLength(1);
  });
});

describe('PlaySession: autoplay', () => {
  it('on mobile data asks first (autoPlayWhenWWAN off by default); 继续播放 plays', async () => {
    const { session, player, world, open } = await setup();
    world.network.switchTo('cellular');
    await open('movie-01');
    expect(session.current().askingMobileData).toBe(true);
    expect(player.playCalls).toBe(0);
    session.continueOnMobileData();
    await flush();
    expect(session.current().askingMobileData).toBe(false);
    expect(session.current().playing).toBe(true);
  });

  it('on mobile data plays at once when autoPlayWhenWWAN is on', async () => {
    const { session, world, api, open } = await setup();
    api.settings.autoPlayWhenWWAN = true;
    world.network.switchTo('cellular');
    await open('movie-01');
    expect(session.current().askingMobileData).toBe(false);
    expect(session.current().playing).toBe(true);
  });

  it('shows the play button when the browser refuses to autoplay; a tap plays', async () => {
    const { session, player, open } = await setup();
    player.allowAutoplay(false);
    await open('movie-01');
    expect(session.current().awaitingTap).toBe(true);
    player.allowAutoplay(true);
    session.togglePlay();
    await flush();
    expect(session.current().awaitingTap).toBe(false);
    expect(session.current().playing).toBe(true);
  });

  it('follows the danmu setting into the player state', async () => {
    const { playerState, api, open } = await setup();
    api.settings.danmuOpen = false;
    await open('movie-01');
    expect(playerState.current().danmuOpen).toBe(false);
  });
});

describe('PlaySession: play records', () => {
  it('records every 15 s of playing, on pause (the pause ad shows), on hiding the page and on leaving', async () => {
    const { session, player, api, world, open } = await setup();
    await open('movie-01');
    player.metadata(20);
    api.records.length = 0;
    player.advance(15);
    await world.clock.advanceAsync(15_000);
    expect(api.records.at(-1)).toEqual({ mediaKey: 'movie-01', episode: 1, progress: 15 });
    player.seek(4);
    session.togglePlay();
    expect(session.current().pausedByUser).toBe(true);
    await flush();
    expect(api.records.at(-1)?.progress).toBe(4);
    const count = api.records.length;
    await world.clock.advanceAsync(60_000);
    expect(api.records).toHaveLength(count);
    session.togglePlay();
    await flush();
    expect(session.current().pausedByUser).toBe(false);
    player.advance(2);
    world.visibility.hide();
    await flush();
    expect(api.records.at(-1)?.progress).toBe(6);
    player.advance(3);
    await session.close();
    expect(api.records.at(-1)?.progress).toBe(9);
    expect(world.clock.pendingTimers()).toBe(0);
    expect(player.source()).toBeNull();
  });
});

describe('PlaySession: episodes, resume and skipping', () => {
  it('resumes the last watched episode where it stopped', async () => {
    const { session, player, api, open } = await setup();
    api.lastPlayed.set('drama-01', { episode: 2, progress: 8 });
    await open('drama-01');
    expect(session.current().episode).toBe(2);
    expect(player.loads[0]).toMatchObject({ source: { url: '/vod/t/drama-01-2/master.m3u8' }, startAt: 8 });
  });

  it('plays the episode asked for from its start (from the end of the intro when skip is on)', async () => {
    const first = await setup();
    first.api.lastPlayed.set('drama-01', { episode: 2, progress: 8 });
    await first.open('drama-01', 3);
    expect(first.player.loads[0]).toMatchObject({ source: { url: '/vod/t/drama-01-3/master.m3u8' }, startAt: 0 });
    const second = await setup();
    second.settings.set('skip', true);
    await second.open('drama-01', 3);
    expect(second.player.loads[0]?.startAt).toBe(3);
  });

  it('starts over when the last position was at the very end', async () => {
    const { player, api, open } = await setup();
    api.lastPlayed.set('drama-01', { episode: 1, progress: 19 });
    await open('drama-01');
    expect(player.loads[0]?.startAt).toBe(0);
  });

  it('choosing another episode records the position, then plays it at once', async () => {
    const { session, player, api, world, open } = await setup();
    world.network.switchTo('cellular');
    await open('drama-01', 1);
    session.continueOnMobileData();
    await flush();
    player.metadata(20);
    player.advance(6);
    await session.selectEpisode(2);
    await flush();
    expect(api.records).toContainEqual({ mediaKey: 'drama-01', episode: 1, progress: 6 });
    expect(session.current().episode).toBe(2);
    expect(player.loads.at(-1)).toMatchObject({ source: { url: '/vod/t/drama-01-2/master.m3u8' }, startAt: 0 });
    expect(session.current().playing).toBe(true);
    expect(session.current().askingMobileData).toBe(false);
    await session.selectEpisode(99);
    expect(session.current().episode).toBe(2);
  });

  it('plays the next episode at the end when 自动连播 is on, not when it is off, not after the last', async () => {
    const { session, player, settings, open } = await setup();
    await open('drama-01', 1);
    player.metadata(20);
    player.finish();
    await flush();
    expect(session.current().episode).toBe(2);
    expect(session.current().playing).toBe(true);
    settings.set('next', false);
    player.metadata(20);
    player.finish();
    await flush();
    expect(session.current().episode).toBe(2);
    settings.set('next', true);
    await session.selectEpisode(6);
    await flush();
    player.metadata(20);
    player.finish();
    await flush();
    expect(session.current().episode).toBe(6);
  });

  it('with skip on, moves on where the closing titles start', async () => {
    const { session, player, settings, open } = await setup();
    settings.set('skip', true);
    await open('drama-01', 1);
    player.metadata(20);
    player.advance(10);
    expect(session.current().episode).toBe(1);
    player.advance(7.2);
    await flush();
    expect(session.current().episode).toBe(2);
    expect(player.loads.at(-1)?.startAt).toBe(3);
  });
});

describe('PlaySession: live channels', () => {
  it('plays live from the edge, records no progress, cannot seek and never moves on', async () => {
    const { session, player, api, open } = await setup();
    await open('tvlive-01');
    expect(session.current().details?.live).toBe(true);
    expect(player.loads[0]).toEqual({ source: { url: '/live/t/tvlive-01/index.m3u8', kind: 'hls', live: true }, startAt: 0 });
    expect(session.current().duration).toBe(Number.POSITIVE_INFINITY);
    player.advance(30);
    session.seek(2);
    expect(player.currentTime()).toBe(30);
    player.pause();
    await flush();
    expect(api.records.every((r) => r.progress === 0)).toBe(true);
  });
});

describe('PlaySession: fullscreen', () => {
  it('puts the player area fullscreen and follows the viewer leaving it', async () => {
    const { session, world, playerState, open } = await setup();
    await open('movie-01');
    const area = {};
    await session.toggleFullscreen(area);
    expect(playerState.current().playerIsFullscreen).toBe(true);
    expect(world.fullscreen.element).toBe(area);
    world.fullscreen.leaveByUser();
    expect(playerState.current().playerIsFullscreen).toBe(false);
    await session.toggleFullscreen(area);
    await session.toggleFullscreen(area);
    expect(playerState.current().playerIsFullscreen).toBe(false);
    expect(world.fullscreen.active()).toBe(false);
    await session.toggleFullscreen(area);
    await session.close();
    expect(playerState.current().playerIsFullscreen).toBe(false);
    expect(world.fullscreen.active()).toBe(false);
  });

  it('fills the window itself where the browser refuses element fullscreen', async () => {
    const { session, world, playerState, open } = await setup();
    await open('movie-01');
    world.fullscreen.refuse();
    await session.toggleFullscreen({});
    expect(playerState.current().playerIsFullscreen).toBe(true);
    expect(world.fullscreen.active()).toBe(false);
    await session.toggleFullscreen({});
    expect(playerState.current().playerIsFullscreen).toBe(false);
  });
});
