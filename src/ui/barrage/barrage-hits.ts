import { leftOf, type BarrageGeometry, type Drawable, type Flying, type FlyingView } from './barrage-drawable.ts';

/** The barrage under a point of the canvas (CSS pixels from its top left), the one drawn last first. */
export function barrageAt<D extends Drawable>(flying: readonly Flying<D>[], at: BarrageGeometry, x: number, y: number): D | null {
  for (let i = flying.length - 1; i >= 0; i--) {
    const one = flying[i] as Flying<D>;
    const left = leftOf(one, at);
    const top = one.lane * at.lineHeight;
    if (x >= left && x <= left + one.width && y >= top && y <= top + at.lineHeight) return one.item;
  }
  return null;
}

/** Where the flying barrage with this id is now (CSS pixels), or null. */
export function placeOf(flying: readonly Flying<Drawable>[], at: BarrageGeometry, id: number): { x: number; y: number; width: number; height: number } | null {
  for (const one of flying) {
    if (one.item.id !== id) continue;
    return { x: leftOf(one, at), y: one.lane * at.lineHeight, width: one.width, height: at.lineHeight };
  }
  return null;
}

/** Every flying barrage where it is now, for the accessible mirror (left rounded to whole pixels). */
export function flyingViews<D extends Drawable>(flying: readonly Flying<D>[], at: BarrageGeometry): FlyingView<D>[] {
  return flying.map((one) => ({ item: one.item, left: Math.round(leftOf(one, at)), top: one.lane * at.lineHeight, width: one.width, height: at.lineHeight }));
}
