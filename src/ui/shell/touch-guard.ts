import { DoubleTapGuard, isMultiTouch } from '../../core/shell/touch-rules.ts';
import { isLowIos } from '../../core/shell/user-agent.ts';

/** The class <html> gets on iOS below 15 (the low-version style). */
export const IOS_LOW_CLASS = 'ios-low';

const GESTURE_EVENTS = ['gesturestart', 'gesturechange', 'gestureend'] as const;

/**
 * Suppresses page zoom: touch starts with more than one finger, the second tap of a double tap (a touch end
 * within 300 ms and 30 px of the previous one) and iOS gesture events. Returns a function that removes the listeners.
 */
export function installTouchGuard(target: EventTarget): () => void {
  const guard = new DoubleTapGuard();
  const options: AddEventListenerOptions = { passive: false };
  const onTouchStart = (event: Event) => {
    if (isMultiTouch((event as TouchEvent).touches?.length ?? 0)) event.preventDefault();
  };
  const onTouchEnd = (event: Event) => {
    const finger = (event as TouchEvent).changedTouches?.[0];
    if (guard.touchEnded({ at: event.timeStamp, x: finger?.clientX ?? 0, y: finger?.clientY ?? 0 })) event.preventDefault();
  };
  const onGesture = (event: Event) => event.preventDefault();
  target.addEventListener('touchstart', onTouchStart, options);
  target.addEventListener('touchend', onTouchEnd, options);
  for (const type of GESTURE_EVENTS) target.addEventListener(type, onGesture, options);
  return () => {
    target.removeEventListener('touchstart', onTouchStart, options);
    target.removeEventListener('touchend', onTouchEnd, options);
    for (const type of GESTURE_EVENTS) target.removeEventListener(type, onGesture, options);
  };
}

/** Marks <html> with the low-version class on iOS below 15. */
export function markLowIos(root: Element, userAgent: string): void {
  root.classList.toggle(IOS_LOW_CLASS, isLowIos(userAgent));
}

let installed = false;

/** What the browser page needs once at start: the touch guard and the iOS class. Later calls do nothing. */
export function installPageGuardsOnce(doc: Document): void {
  if (installed) return;
  installed = true;
  installTouchGuard(doc);
  markLowIos(doc.documentElement, doc.defaultView?.navigator.userAgent ?? '');
}
