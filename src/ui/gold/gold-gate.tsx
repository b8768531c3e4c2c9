import type { GoldGateProps } from '../playback/player-slots.ts';

/** The paid video's lock: price in gold and the unlock button (built by the gold feature). */
export function GoldGate(_props: GoldGateProps) {
  return null;
}
