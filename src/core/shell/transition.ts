/** Page transition between two routes (spec: slide by route index; none between root pages). */
export type PageTransition = 'slide-left' | 'slide-right' | 'none';

/** Deeper goes left, shallower goes right, equal depth (root ↔ root included) does not move; no transition on the first page. */
export function transitionFor(fromDepth: number | null, toDepth: number): PageTransition {
  if (fromDepth === null || fromDepth === toDepth) return 'none';
  return toDepth > fromDepth ? 'slide-left' : 'slide-right';
}
