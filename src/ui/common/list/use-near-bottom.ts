import { useEffect, useRef, type RefObject } from 'react';
import { nearBottom } from '../../../core/display/list-state.ts';

/**
 * Calls `onNear` when the window's remaining scroll distance is under twice the visible height, while the
 * element is shown (kept-alive pages are hidden and stay quiet). Checked on scroll, resize and each render,
 * so a first page shorter than the screen loads the next one.
 */
export function useNearBottom(ref: RefObject<HTMLElement | null>, onNear: () => void, deps: readonly unknown[]): void {
  const callback = useRef(onNear);
  callback.current = onNear;
  useEffect(() => {
    const check = () => {
      const el = ref.current;
      if (!el || el.offsetParent === null) return;
      const root = document.documentElement;
      if (nearBottom({ scrollTop: window.scrollY, scrollHeight: root.scrollHeight, clientHeight: window.innerHeight })) callback.current();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
