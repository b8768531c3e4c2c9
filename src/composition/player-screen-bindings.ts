import type { Container } from 'inversify';
import { MiniPlayerStore } from '../core/playback/mini-player.ts';
import { PlayProgressRecorder } from '../core/playback/play-progress.ts';
import { PlayService } from '../core/playback/play-service.ts';
import { PlayerTuning } from '../core/playback/player-tuning.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { MediaPlayerFactory } from '../core/ports/media-player.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { NetworkType } from '../core/ports/network-type.ts';
import { PictureInPicture } from '../core/ports/picture-in-picture.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { MiniPlayerHandoff, MiniPlayerHandoffModel } from '../ui/playback/mini-player-handoff.ts';
import { MiniPlayerModel, MiniPlayerViewModel } from '../ui/playback/mini-player-view-model.ts';
import { PlayerGesturesModel, PlayerGesturesViewModel } from '../ui/playback/player-gestures-view-model.ts';

/**
 * The play screen's picture: gestures, the controls' showing, brightness and picture-in-picture (one per play
 * screen); the floating mini player (its store is bound at start, mini-player-bindings.ts) and the play page's handoff to it.
 */
export function bindPlayerScreen(container: Container): void {
  bindViewModel(
    container,
    PlayerGesturesModel,
    (c, { player, hold }) => new PlayerGesturesViewModel({ clock: c.get<Clock>(Clock), pip: c.get<PictureInPicture>(PictureInPicture) }, player, hold),
  );
  bindViewModel(container, MiniPlayerHandoffModel, (c) => new MiniPlayerHandoff(c.get(MiniPlayerStore)));
  bindViewModel(
    container,
    MiniPlayerModel,
    (c) =>
      new MiniPlayerViewModel({
        store: c.get(MiniPlayerStore),
        navigator: c.get<Navigator>(Navigator),
        makePlayer: c.get<MediaPlayerFactory>(MediaPlayerFactory),
        tuning: new PlayerTuning({ local: c.get<KeyValueStore>(LocalStore), network: c.get<NetworkType>(NetworkType) }),
        makeRecorder: (position) => {
          const session = c.get(UserSession);
          return new PlayProgressRecorder({
            service: c.get(PlayService),
            clock: c.get<Clock>(Clock),
            loggedIn: () => session.user() !== null,
            position,
            sent: () => undefined,
          });
        },
      }),
  );
}
