import { reaction } from 'mobx';
import { useEffect, useLayoutEffect } from 'react';
import type { MiniPlayerStore } from '../../core/playback/mini-player.ts';
import { useViewModel } from '../app/container-context.tsx';
import { viewModelToken } from '../app/view-model-token.ts';
import type { PlayViewModel } from './play-view-model.ts';

/** What the play page tells the floating mini player, and takes back from it. */
export class MiniPlayerHandoff {
  constructor(private readonly store: MiniPlayerStore) {}

  /** A play page opened: the floating player gives way. */
  opened(): void {
    this.store.playPageOpened();
  }

  /** The play page is left: a video playing goes on in the floating player from where it is. */
  left(play: PlayViewModel, mediaKey: string): void {
    const source = play.state.source;
    if (!play.playing || !source || play.locked) return;
    const time = play.handle && !source.live ? play.handle.currentTime() : play.state.time;
    this.store.leftWhilePlaying({ mediaKey, episode: play.episode, title: play.title, source, time });
  }

  /** The position the floating player reached for this video and episode (once), else null. */
  resumeAt(mediaKey: string, episode: number): number | null {
    return this.store.takeResume(mediaKey, episode);
  }
}

export const MiniPlayerHandoffModel = viewModelToken<MiniPlayerHandoff>('MiniPlayerHandoff');

/**
 * The play screen's side of the floating mini player: leaving while playing hands the video over (a layout
 * effect: its cleanup runs before the <video> leaves the page), and coming back from it continues where it was.
 */
export function useMiniPlayerHandoff(play: PlayViewModel, mediaKey: string): void {
  const handoff = useViewModel(MiniPlayerHandoffModel);
  useLayoutEffect(() => {
    handoff.opened();
    return () => handoff.left(play, mediaKey);
  }, [handoff, play, mediaKey]);
  useEffect(
    () =>
      reaction(
        () => (play.slotPlayer !== null && play.duration > 0 ? play.episode : null),
        (episode) => {
          if (episode === null) return;
          const time = handoff.resumeAt(mediaKey, episode);
          if (time !== null) play.seekTo(time);
        },
        { fireImmediately: true },
      ),
    [handoff, play, mediaKey],
  );
}
