import { useLayoutEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { transitionFor, type PageTransition } from '../../core/shell/transition.ts';

/** How many cacheable pages stay mounted (least recently shown dropped first). */
const KEEP_ALIVE_LIMIT = 10;

export interface PageStackProps {
  /** The matched route's element (useOutlet). */
  outlet: ReactNode;
  /** The path shown: one kept-alive page per path. */
  path: string;
  /** The history entry's key: each entry restores the scroll and plays the transition. */
  entryKey: string;
  cacheable: boolean;
  depth: number;
}

const TRANSITION_CLASSES: Record<Exclude<PageTransition, 'none'>, string> = {
  'slide-left': 'page-slot--slide-left',
  'slide-right': 'page-slot--slide-right',
};

/**
 * The pages: cacheable routes stay mounted but hidden when left (state, view-model and scroll position are
 * kept), other routes remount whenever the path changes (a query change alone leaves the page to react) and start
 * at the top. The page shown slides in by route depth.
 */
export function PageStack({ outlet, path, entryKey, cacheable, depth }: PageStackProps) {
  const cache = useRef(new Map<string, ReactNode>());
  const scroll = useRef(new Map<string, number>());
  const shownPath = useRef(path);
  const lastDepth = useRef<number | null>(null);
  const slot = useRef<HTMLDivElement | null>(null);

  // Leaving a page: note its scroll position now, while it is still laid out (its last scroll event may not
  // have arrived yet). Idempotent, so a render React discards does no harm.
  if (path !== shownPath.current && typeof window !== 'undefined') scroll.current.set(shownPath.current, window.scrollY);

  if (cacheable) {
    cache.current.delete(path);
    cache.current.set(path, outlet);
    for (const key of cache.current.keys()) {
      if (cache.current.size <= KEEP_ALIVE_LIMIT) break;
      if (key !== path) cache.current.delete(key);
    }
  }

  // Remember the scroll position of the page shown, as the user scrolls.
  useLayoutEffect(() => {
    const history = window.history as History & { scrollRestoration?: string };
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onScroll = () => scroll.current.set(shownPath.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // On each entry: restore a kept page's scroll (others start at the top) and play the transition.
  useLayoutEffect(() => {
    shownPath.current = path;
    window.scrollTo(0, cacheable ? (scroll.current.get(path) ?? 0) : 0);
    if (!cacheable) scroll.current.delete(path);
    const transition = transitionFor(lastDepth.current, depth);
    lastDepth.current = depth;
    const element = slot.current;
    if (!element) return;
    element.classList.remove(...Object.values(TRANSITION_CLASSES));
    if (transition === 'none') return;
    void element.offsetWidth; // restart the animation on a kept page
    element.classList.add(TRANSITION_CLASSES[transition]);
  }, [entryKey, path, cacheable, depth]);

  const ref = (active: boolean) => (active ? (element: HTMLDivElement | null) => void (slot.current = element) : undefined);
  const slots: ReactElement[] = [...cache.current].map(([key, element]) => (
    <div key={`keep:${key}`} className="page-slot" hidden={!(cacheable && key === path)} data-kept={key} ref={ref(cacheable && key === path)}>
      {element}
    </div>
  ));
  if (!cacheable) {
    slots.push(
      <div key={`entry:${path}`} className="page-slot" ref={ref(true)}>
        {outlet}
      </div>,
    );
  }
  return <>{slots}</>;
}
