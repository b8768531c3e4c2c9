import { useEffect, useRef, useState, type ReactNode } from 'react';
import './pull-refresh.css';
import { PullTexts } from './list-texts.ts';

type Phase = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** How far (px, after damping) the finger must pull before a release refreshes. */
const RELEASE_AT_PX = 60;
/** The head's height while refreshing and showing 刷新完成. */
const HEAD_PX = 40;
/** How long 刷新完成 stays before the head closes. */
const COMPLETE_MS = 500;
/** The content follows the finger at half its distance, as native lists do. */
const DAMPING = 0.5;

const TEXT: Record<Exclude<Phase, 'idle'>, string> = {
  pulling: PullTexts.pulling,
  canRelease: PullTexts.canRelease,
  refreshing: PullTexts.refreshing,
  complete: PullTexts.complete,
};

/** The scroll offset of the nearest scrolling ancestor of `element`, or of the page. */
function scrollTopAbove(element: HTMLElement): number {
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node.scrollTop;
  }
  return window.scrollY || document.documentElement.scrollTop;
}

/**
 * Pull down at the top of a list to refresh it, with the spec's texts: 下拉可以刷新 while pulling, 释放立即刷新
 * past the threshold, 加载中... while `onRefresh` runs, 刷新完成 for half a second. Touch only, as on a phone;
 * a few hundred bytes instead of antd-mobile's PullToRefresh and its gesture and animation libraries.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [offset, setOffset] = useState(0);
  const state = useRef({ phase: 'idle' as Phase, startY: null as number | null, onRefresh });
  state.current.onRefresh = onRefresh;

  useEffect(() => {
    const element = root.current;
    if (!element) return undefined;
    const current = state.current;
    let closeTimer: number | undefined;
    const go = (next: Phase, px: number) => {
      current.phase = next;
      setPhase(next);
      setOffset(px);
    };
    const start = (event: TouchEvent) => {
      const busy = current.phase === 'refreshing' || current.phase === 'complete';
      current.startY = !busy && event.touches.length === 1 && scrollTopAbove(element) <= 0 ? event.touches[0]!.clientY : null;
    };
    const move = (event: TouchEvent) => {
      if (current.startY === null) return;
      const dy = (event.touches[0]?.clientY ?? current.startY) - current.startY;
      if (dy <= 0) {
        if (current.phase !== 'idle') go('idle', 0);
        return;
      }
      // Pulling: the page must not scroll (or bounce) under the finger.
      if (event.cancelable) event.preventDefault();
      const px = dy * DAMPING;
      go(px >= RELEASE_AT_PX ? 'canRelease' : 'pulling', px);
    };
    const end = () => {
      if (current.startY === null) return;
      current.startY = null;
      if (current.phase !== 'canRelease') {
        if (current.phase !== 'idle') go('idle', 0);
        return;
      }
      go('refreshing', HEAD_PX);
      void current
        .onRefresh()
        .catch(() => undefined)
        .then(() => {
          go('complete', HEAD_PX);
          closeTimer = window.setTimeout(() => go('idle', 0), COMPLETE_MS);
        });
    };
    element.addEventListener('touchstart', start, { passive: true });
    element.addEventListener('touchmove', move, { passive: false });
    element.addEventListener('touchend', end);
    element.addEventListener('touchcancel', end);
    return () => {
      window.clearTimeout(closeTimer);
      element.removeEventListener('touchstart', start);
      element.removeEventListener('touchmove', move);
      element.removeEventListener('touchend', end);
      element.removeEventListener('touchcancel', end);
    };
  }, []);

  const dragging = phase === 'pulling' || phase === 'canRelease';
  return (
    <div className="pull-refresh" ref={root}>
      <div
        className={dragging ? 'pull-refresh__track' : 'pull-refresh__track pull-refresh__track--settling'}
        style={offset > 0 ? { transform: `translateY(${offset}px)` } : undefined}
      >
        <div className="pull-refresh__head" aria-live="polite">
          {phase === 'idle' ? null : TEXT[phase]}
        </div>
        {children}
      </div>
    </div>
  );
}
