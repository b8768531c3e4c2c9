import type { Container } from 'inversify';
import { AdListService } from '../core/ads/ad-list-service.ts';
import { SettingsService } from '../core/account/settings-service.ts';
import { SocketIoSocket } from '../../adapters/socket/socket-io-socket.ts';
import { MessagingConnection } from '../core/messaging/messaging-connection.ts';
import { LiveBarrageRoom, VisitorBarrageSocket } from '../core/playback/barrage-live-room.ts';
import { BarrageStyleChoice } from '../core/playback/barrage-style-choice.ts';
import type { Socket } from '../core/ports/socket.ts';
import { ApiOrigin } from './api-origin.ts';
import { BarrageService } from '../core/playback/barrage-service.ts';
import { PlayerStateStore } from '../core/playback/play-player-state.ts';
import { BarrageSession, BarrageSessionFactory } from '../core/playback/barrage-session.ts';
import { BarrageSettings } from '../core/playback/barrage-settings.ts';
import { BarrageShields } from '../core/playback/barrage-shields.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { Random } from '../core/ports/random.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { BarrageModel, BarrageViewModel } from '../ui/barrage/barrage-view-model.ts';

/**
 * Barrages: the calls, the viewer's shield lists (they follow the session: a logged-out user's stored copy goes;
 * `bindBarrageStorageCleanup` clears it on a login elsewhere even before a play page was opened), the barrage settings (danmuOpen from the account settings) and the per-episode sessions, which hear
 * live barrages through the messaging connection's video room (a visitor's through a socket of its own, LiveBarrageRoom); the play screen's barrage view-model (one per episode).
 */
export function bindBarrage(container: Container): void {
  if (!container.isBound(VisitorBarrageSocket)) {
    // A visitor's live barrages come over a socket of their own, opened while a play page follows an episode.
    container.bind<Socket>(VisitorBarrageSocket).toDynamicValue((ctx) => new SocketIoSocket({ url: ctx.get<string>(ApiOrigin) })).inSingletonScope();
  }
  container
    .bind(BarrageService)
    .toDynamicValue((ctx) => new BarrageService(ctx.get(ApiClient)))
    .inSingletonScope();
  container
    .bind(BarrageShields)
    .toDynamicValue((ctx) => {
      const shields = new BarrageShields(ctx.get(BarrageService), ctx.get(UserSession), ctx.get<KeyValueStore>(LocalStore));
      shields.start();
      return shields;
    })
    .inSingletonScope();
  container
    .bind(BarrageSettings)
    .toDynamicValue((ctx) => {
      const settings = ctx.get(SettingsService);
      const barrage = new BarrageSettings(ctx.get(BarrageService), ctx.get(UserSession), ctx.get<KeyValueStore>(LocalStore), {
        load: async () => (await settings.load()).danmuOpen,
        save: async (open) => {
          await settings.set('danmuOpen', open);
        },
      });
      // The play screen's shared player state follows the switch.
      const playerState = ctx.get(PlayerStateStore);
      barrage.subscribe(() => playerState.setDanmuOpen(barrage.danmuOpen()));
      return barrage;
    })
    .inSingletonScope();
  container
    .bind(BarrageStyleChoice)
    .toDynamicValue((ctx) => new BarrageStyleChoice(ctx.get<KeyValueStore>(LocalStore)))
    .inSingletonScope();
  container
    .bind<BarrageSessionFactory>(BarrageSessionFactory)
    .toDynamicValue((ctx) => {
      const session = ctx.get(UserSession);
      const room = new LiveBarrageRoom({ signedIn: ctx.get(MessagingConnection), visitorSocket: ctx.get<Socket>(VisitorBarrageSocket), session });
      const deps = { service: ctx.get(BarrageService), room, session, random: ctx.get<Random>(Random) };
      return (mediaKey, episode) => new BarrageSession(deps, mediaKey, episode);
    })
    .inSingletonScope();
  bindViewModel(
    container,
    BarrageModel,
    (c, { mediaKey, episode }) =>
      new BarrageViewModel({
        session: c.get<BarrageSessionFactory>(BarrageSessionFactory)(mediaKey, episode),
        shields: c.get(BarrageShields),
        settings: c.get(BarrageSettings),
        service: c.get(BarrageService),
        sessionModel: c.get(SessionModel),
        navigator: c.get<Navigator>(Navigator),
        notifier: c.get<Notifier>(Notifier),
        ads: c.get(AdListService),
        styleChoice: c.get(BarrageStyleChoice),
      }),
  );
}
