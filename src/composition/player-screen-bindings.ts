import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { PictureInPicture } from '../core/ports/picture-in-picture.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { PlayerGesturesModel, PlayerGesturesViewModel } from '../ui/playback/player-gestures-view-model.ts';

/** The play screen's picture: gestures, the controls' showing, brightness and picture-in-picture (one per play screen). */
export function bindPlayerScreen(container: Container): void {
  bindViewModel(
    container,
    PlayerGesturesModel,
    (c, { player, hold }) => new PlayerGesturesViewModel({ clock: c.get<Clock>(Clock), pip: c.get<PictureInPicture>(PictureInPicture) }, player, hold),
  );
}
