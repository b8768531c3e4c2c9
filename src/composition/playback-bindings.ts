import type { Container } from 'inversify';
import { SettingsService } from '../core/account/settings-service.ts';
import { RecommendationStore } from '../core/catalogue/recommendation-store.ts';
import { PlayerStateStore } from '../core/playback/play-player-state.ts';
import { PlayService } from '../core/playback/play-service.ts';
import type { PlaySessionDeps } from '../core/playback/play-session-state.ts';
import { PlaySessionFactory } from '../core/playback/play-session-factory.ts';
import { PlayerSettingsStore } from '../core/playback/play-settings.ts';
import { PlayerTuning } from '../core/playback/player-tuning.ts';
import { Clock } from '../core/ports/clock.ts';
import { Fullscreen } from '../core/ports/fullscreen.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { MediaPlayerFactory } from '../core/ports/media-player.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { NetworkType } from '../core/ports/network-type.ts';
import { PageVisibility } from '../core/ports/page-visibility.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel, type Resolver } from '../ui/app/view-model-token.ts';
import { PlayModel, PlayViewModel } from '../ui/playback/play-view-model.ts';
import { PlayerControlsViewModel } from '../ui/playback/player-controls-view-model.ts';
import {
  AlbumDetailModel,
  AlbumDetailViewModel,
  ChoseEpisodesModel,
  ChoseEpisodesViewModel,
  PlayDownloadModel,
  PlayDownloadViewModel,
  WatchRedirectModel,
  WatchRedirectViewModel,
  WatchingModel,
  WatchingViewModel,
} from '../ui/playback/playback-view-models.ts';
import { ApiOrigin } from './api-origin.ts';

/** Media paths (/vod/…, /live/…) are served by the API server: prefixed with its origin when it has one. */
function mediaUrlResolver(origin: string): (url: string) => string {
  return (url) => (origin && url.startsWith('/') && !url.startsWith('//') ? `${origin.replace(/\/$/, '')}${url}` : url);
}

/**
 * Playback: the calls, the moreFun switches and the shared player state (one each), and a play session per
 * play screen. The session follows the account settings (autoplay on mobile data, danmu) through SettingsService.
 * The view-models of the play screen and of the playback pages (/choseEpisodes, /albumDetail, /watch, /playDownload, /watching).
 */
export function bindPlayback(container: Container): void {
  container
    .bind(PlayService)
    .toDynamicValue((ctx) => new PlayService(ctx.get(ApiClient), mediaUrlResolver(ctx.get<string>(ApiOrigin))))
    .inSingletonScope();
  container
    .bind(PlayerSettingsStore)
    .toDynamicValue((ctx) => new PlayerSettingsStore(ctx.get<KeyValueStore>(LocalStore)))
    .inSingletonScope();
  container
    .bind(PlayerStateStore)
    .toDynamicValue(() => new PlayerStateStore())
    .inSingletonScope();
  container
    .bind<PlaySessionFactory>(PlaySessionFactory)
    .toDynamicValue((ctx) => {
      const service = ctx.get(PlayService);
      const session = ctx.get(UserSession);
      const settingsService = ctx.get(SettingsService);
      const deps: PlaySessionDeps = {
        service,
        loggedIn: () => session.user() !== null,
        clock: ctx.get<Clock>(Clock),
        network: ctx.get<NetworkType>(NetworkType),
        fullscreen: ctx.get<Fullscreen>(Fullscreen),
        visibility: ctx.get<PageVisibility>(PageVisibility),
        settings: ctx.get(PlayerSettingsStore),
        playerState: ctx.get(PlayerStateStore),
        preferences: { load: () => settingsService.load() },
      };
      // The session's code comes with the play screen's chunk.
      return async () => new (await import('../core/playback/play-session.ts')).PlaySession(deps);
    })
    .inSingletonScope();
  bindPlaybackViewModels(container);
}

/** After the play screen is left (its last record sent): the home's 继续观看 follows what was just watched. */
function refreshWatchingList(c: Resolver): () => void {
  const session = c.get(UserSession);
  const playService = c.get(PlayService);
  const recommendation = c.get(RecommendationStore);
  return () => {
    if (!session.user()) return;
    playService.watching({ suppressTips: true }).then(
      (lists) => recommendation.setWatchingList(lists.mine),
      () => undefined,
    );
  };
}

function bindPlaybackViewModels(container: Container): void {
  bindViewModel(
    container,
    PlayModel,
    (c, { mediaKey }) =>
      new PlayViewModel(
        {
          makeSession: c.get<PlaySessionFactory>(PlaySessionFactory),
          playerState: c.get(PlayerStateStore),
          navigator: c.get<Navigator>(Navigator),
          makePlayer: c.get<MediaPlayerFactory>(MediaPlayerFactory),
          left: refreshWatchingList(c),
          controls: new PlayerControlsViewModel(new PlayerTuning({ local: c.get<KeyValueStore>(LocalStore), network: c.get<NetworkType>(NetworkType) }), c.get<Clock>(Clock)),
        },
        mediaKey,
      ),
  );
  bindViewModel(container, ChoseEpisodesModel, (c, { mediaKey, episode }) => new ChoseEpisodesViewModel(c.get(PlayService), c.get<Navigator>(Navigator), mediaKey, episode));
  bindViewModel(container, AlbumDetailModel, (c, { mediaKey }) => new AlbumDetailViewModel(c.get(PlayService), c.get<Navigator>(Navigator), mediaKey));
  bindViewModel(container, PlayDownloadModel, (c, { mediaKey }) => new PlayDownloadViewModel(c.get(PlayService), c.get<Navigator>(Navigator), mediaKey));
  bindViewModel(container, WatchingModel, (c) => new WatchingViewModel(c.get(PlayService), c.get(SessionModel)));
  bindViewModel(container, WatchRedirectModel, (c) => new WatchRedirectViewModel(c.get<Navigator>(Navigator)));
}
