import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { MiniPlayerSlotModel } from './mini-player-slot-view-model.ts';

/** The player's code comes only when a video is handed over (after a play page, whose chunk holds the rest). */
const MiniPlayer = lazy(() => import('../playback/mini-player.tsx').then((m) => ({ default: m.MiniPlayer })));

/** The floating mini player's place in the app shell: shown off the play pages while a video is handed over. */
export const MiniPlayerSlot = observer(function MiniPlayerSlot({ path }: { path: string }) {
  const vm = useViewModel(MiniPlayerSlotModel);
  useEffect(() => vm.opened(), [vm]);
  const key = vm.shownOn(path);
  if (key === null) return null;
  return (
    <Suspense fallback={null}>
      <MiniPlayer key={key} />
    </Suspense>
  );
});
