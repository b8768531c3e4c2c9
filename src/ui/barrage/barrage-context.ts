import { createContext, useContext, type RefObject } from 'react';
import type { Drawable } from './barrage-drawable.ts';
import type { BarrageViewModel } from './barrage-view-model.ts';

/** What the overlay gives the provider so a tap on the picture can find the barrage under it. */
export interface OverlayHandle {
  canvas: HTMLCanvasElement;
  hitTest(x: number, y: number): Drawable | null;
}

export interface BarrageContextValue {
  vm: BarrageViewModel;
  overlay: RefObject<OverlayHandle | null>;
}

/** The episode's barrage view-model, shared by the overlay, the bar and the sheets under one BarrageProvider. */
export const BarrageContext = createContext<BarrageContextValue | null>(null);

export function useBarrageContext(): BarrageContextValue {
  const value = useContext(BarrageContext);
  if (!value) throw new Error('BarrageProvider is missing');
  return value;
}
