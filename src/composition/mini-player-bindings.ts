import type { Container } from 'inversify';
import { MiniPlayerStore } from '../core/playback/mini-player.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { MiniPlayerSlotModel, MiniPlayerSlotViewModel } from '../ui/shell/mini-player-slot-view-model.ts';

/** The floating mini player's store (one for the app) and its place in the app shell, bound at start. */
export function bindMiniPlayerSlot(container: Container): void {
  container
    .bind(MiniPlayerStore)
    .toDynamicValue(() => new MiniPlayerStore())
    .inSingletonScope();
  bindViewModel(container, MiniPlayerSlotModel, (c) => new MiniPlayerSlotViewModel(c.get(MiniPlayerStore)));
}
