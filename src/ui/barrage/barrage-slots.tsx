import type { ReactNode } from 'react';
import type { BarrageSlotProps } from '../playback/player-slots.ts';

/** Holds the barrages of one episode for the overlay and the bar below it (built by the barrage feature). */
export function BarrageProvider(props: BarrageSlotProps & { children: ReactNode }) {
  return <>{props.children}</>;
}

/** The canvas over the picture where barrages fly (inside the player area, so it follows it into fullscreen). */
export function BarrageOverlay() {
  return null;
}

/** The bar under the player: danmuOpen switch, the send box, settings and blocking. */
export function BarrageInputBar() {
  return null;
}
