import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { MiniPlayerEntry, MiniPlayerStore } from '../../core/playback/mini-player.ts';
import { viewModelToken } from '../app/view-model-token.ts';

/** Whether the floating mini player shows (the app shell's place for it): a video handed over, off the play pages. */
export class MiniPlayerSlotViewModel {
  entry: MiniPlayerEntry | null;

  constructor(private readonly store: MiniPlayerStore) {
    this.entry = store.current();
    makeAutoObservable<MiniPlayerSlotViewModel, 'store'>(this, { store: false, entry: observableRef }, { autoBind: true });
  }

  opened(): () => void {
    return this.store.subscribe((entry) => runInAction(() => (this.entry = entry)));
  }

  /** The key of the video shown (a new one gets a new player), or null when none shows on this path. */
  shownOn(path: string): string | null {
    const entry = this.entry;
    if (!entry || path.startsWith('/play/')) return null;
    return `${entry.mediaKey}:${entry.episode}`;
  }
}

export const MiniPlayerSlotModel = viewModelToken<MiniPlayerSlotViewModel>('MiniPlayerSlotViewModel');
