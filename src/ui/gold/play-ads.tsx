import { useEffect } from 'react';
import type { InsertedAdProps, PauseAdProps } from '../playback/player-slots.ts';

/** The pause ad (zanting) over the paused picture (built by the gold and ads feature). */
export function PauseAd(_props: PauseAdProps) {
  return null;
}

/** The inserted ad (chaBo) before playback (built by the gold and ads feature). */
export function InsertedAd({ onFinished }: InsertedAdProps) {
  useEffect(() => onFinished(), [onFinished]);
  return null;
}
