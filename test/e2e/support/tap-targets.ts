import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A tappable element whose visible centre another element lies over. */
export interface CoveredTarget {
  /** The tappable element: tag, classes and text. */
  target: string;
  /** Its visible part in viewport pixels: x,y width×height. */
  rect: string;
  /** What document.elementFromPoint answers at the centre of that part. */
  coveredBy: string;
}

export interface TapTargetReport {
  /** How many tappable elements were in view and checked. */
  checked: number;
  covered: CoveredTarget[];
}

/**
 * Finds the tappable elements of the page that another element lies over, where a person would tap them.
 *
 * Tappable: links with an address, buttons, form fields and labels, summary, the ARIA widget roles a person taps
 * (button, link, tab, checkbox, radio, switch, menuitem, option), elements with an onclick attribute or a React
 * onClick handler, elements reachable by tabindex, and the outermost element of a `cursor: pointer` area.
 * Left out: what is not rendered or not visible (display none, visibility hidden, opacity 0 — checkVisibility),
 * what takes no pointer events, and what has no visible part.
 *
 * The visible part is the element's rect cut to the viewport and to every ancestor that clips it (overflow other
 * than visible, as far as that ancestor clips this element: not past a fixed element, and past an absolutely
 * placed one only at positioned ancestors). At the centre of that part document.elementFromPoint must answer the
 * element itself or something inside it (for a form field: or its label; for a label: or its field).
 *
 * Bars: fixed or sticky elements as wide as the viewport and at most 30% of its height (the sticky nav bar, the
 * tab bar, the VIP pay bar, a chat's input bar). Content that lies under a bar counts as scrolled out of view, not
 * covered, while its scroll container can still scroll it out from under that bar: under a bar in the upper half
 * when it can scroll up, under one in the lower half when it can scroll down. At the end of the scroll there is
 * nowhere further to go, so content still under a bar there is covered. The bars' own elements are checked like
 * any other.
 */
export function findCoveredTapTargets(page: Page): Promise<TapTargetReport> {
  return page.evaluate(() => {
    const TAPPABLE = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'textarea',
      'select',
      'label',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="option"]',
      '[onclick]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const viewport = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    type Box = { left: number; top: number; right: number; bottom: number };
    const cut = (a: Box, b: Box): Box => ({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });
    const empty = (box: Box) => box.right - box.left < 1 || box.bottom - box.top < 1;

    const hasReactClick = (element: Element): boolean => {
      const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
      if (!key) return false;
      const props = (element as unknown as Record<string, { onClick?: unknown } | undefined>)[key];
      return typeof props?.onClick === 'function';
    };

    const candidates = new Set<Element>(document.querySelectorAll(TAPPABLE));
    for (const element of document.body.querySelectorAll('*')) {
      if (candidates.has(element)) continue;
      if (hasReactClick(element)) {
        candidates.add(element);
        continue;
      }
      const cursor = getComputedStyle(element).cursor;
      const parent = element.parentElement;
      if (cursor === 'pointer' && (!parent || getComputedStyle(parent).cursor !== 'pointer')) candidates.add(element);
    }

    /** The element's visible part, or null when none of it is in view. */
    const visiblePart = (element: Element): Box | null => {
      const rect = element.getBoundingClientRect();
      let box = cut({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom }, viewport);
      let position = getComputedStyle(element).position;
      for (let ancestor = element.parentElement; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
        if (position === 'fixed') break;
        const style = getComputedStyle(ancestor);
        const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
        const containsAbsolute = style.position !== 'static' || style.transform !== 'none';
        if (clips && ancestor !== document.body && (position !== 'absolute' || containsAbsolute)) {
          const clip = ancestor.getBoundingClientRect();
          box = cut(box, { left: clip.left, top: clip.top, right: clip.right, bottom: clip.bottom });
        }
        if (position === 'absolute' && containsAbsolute) position = style.position;
        else if (position !== 'absolute') position = style.position;
      }
      return empty(box) ? null : box;
    };

    const bars = [...document.body.querySelectorAll('*')].filter((element) => {
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') return false;
      if (!element.checkVisibility()) return false;
      const rect = element.getBoundingClientRect();
      return rect.width >= window.innerWidth - 1 && rect.height <= window.innerHeight * 0.3 && rect.height > 0;
    });

    const scrollerOf = (element: Element): Element => {
      for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
        if (ancestor === document.body || ancestor === document.documentElement) break;
        const overflowY = getComputedStyle(ancestor).overflowY;
        if ((overflowY === 'auto' || overflowY === 'scroll') && ancestor.scrollHeight > ancestor.clientHeight + 1) return ancestor;
      }
      return document.scrollingElement ?? document.documentElement;
    };

    const describe = (element: Element): string => {
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      const label = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const testId = element.getAttribute('data-testid');
      return `<${element.tagName.toLowerCase()}${classes}${testId ? ` data-testid=${testId}` : ''}>${label ? ` [${label}]` : ''}${text ? ` "${text}"` : ''}`;
    };

    const isLabelOf = (target: Element, hit: Element): boolean => {
      const labels = (target as HTMLInputElement).labels;
      if (labels && [...labels].some((label) => label.contains(hit))) return true;
      const control = target instanceof HTMLLabelElement ? target.control : null;
      return control !== null && control.contains(hit);
    };

    let checked = 0;
    const covered: { target: string; rect: string; coveredBy: string }[] = [];
    for (const element of candidates) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (getComputedStyle(element).pointerEvents === 'none') continue;
      const box = visiblePart(element);
      if (!box) continue;
      const x = (box.left + box.right) / 2;
      const y = (box.top + box.bottom) / 2;
      const hit = document.elementFromPoint(x, y);
      checked += 1;
      if (hit && (element.contains(hit) || isLabelOf(element, hit))) continue;
      const bar = hit ? bars.find((candidate) => candidate.contains(hit) && !candidate.contains(element)) : undefined;
      if (bar) {
        const scroller = scrollerOf(element);
        const barRect = bar.getBoundingClientRect();
        const upper = (barRect.top + barRect.bottom) / 2 < window.innerHeight / 2;
        const canScrollUp = scroller.scrollTop > 0;
        const canScrollDown = scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1;
        if (upper ? canScrollUp : canScrollDown) continue;
      }
      covered.push({
        target: describe(element),
        rect: `${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.right - box.left)}×${Math.round(box.bottom - box.top)}`,
        coveredBy: hit ? describe(hit) : 'nothing (outside the document)',
      });
    }
    return { checked, covered };
  });
}

/**
 * What lies under the open-app offer ("APP内打开": the outermost element named or reading so) in view: at a grid of
 * points over its visible part, every element document.elementsFromPoint finds below the offer that is not one of
 * its ancestors (the page's content: cards, feed items, buttons). Empty when the offer takes its own room, or is
 * not shown.
 */
export function findUnderOpenAppOffer(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const NAME = 'APP内打开';
    const named = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getAttribute('aria-label') === NAME || (element.children.length === 0 && element.textContent?.trim() === NAME),
    );
    const offers = named.filter((element) => !named.some((other) => other !== element && other.contains(element)));
    const describe = (element: Element): string => {
      const classes = typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/).join('.')}` : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes}>${text ? ` "${text}"` : ''}`;
    };
    const under = new Set<string>();
    for (const offer of offers) {
      if (!offer.checkVisibility()) continue;
      const rect = offer.getBoundingClientRect();
      const left = Math.max(rect.left, 0);
      const right = Math.min(rect.right, window.innerWidth);
      const top = Math.max(rect.top, 0);
      const bottom = Math.min(rect.bottom, window.innerHeight);
      if (right - left < 1 || bottom - top < 1) continue;
      for (let i = 1; i <= 5; i++) {
        for (let j = 1; j <= 3; j++) {
          const stack = document.elementsFromPoint(left + ((right - left) * i) / 6, top + ((bottom - top) * j) / 4);
          const last = stack.findLastIndex((element) => offer.contains(element));
          if (last < 0) continue;
          for (const element of stack.slice(last + 1)) if (!element.contains(offer)) under.add(describe(element));
        }
      }
    }
    return [...under];
  });
}

/** Where a page's scroll containers are put before a look: the top, the middle, the end. */
export type ScrollStop = 'top' | 'middle' | 'bottom';

/**
 * Scrolls the page's scroll containers (the document, and every element that scrolls vertically and is in view)
 * to the top, the middle or the end; answers how far the document can scroll.
 */
export function scrollPageTo(page: Page, stop: ScrollStop): Promise<number> {
  return page.evaluate((where) => {
    const fraction = where === 'top' ? 0 : where === 'middle' ? 0.5 : 1;
    const scrollers: Element[] = [document.scrollingElement ?? document.documentElement];
    for (const element of document.body.querySelectorAll('*')) {
      const overflowY = getComputedStyle(element).overflowY;
      if ((overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight + 1 && element.checkVisibility()) scrollers.push(element);
    }
    for (const scroller of scrollers) scroller.scrollTop = Math.round((scroller.scrollHeight - scroller.clientHeight) * fraction);
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollHeight - root.clientHeight;
  }, stop);
}

/** The report as lines for an assertion message. */
export function describeCovered(where: string, report: TapTargetReport): string {
  return [`${where}: ${report.covered.length} of ${report.checked} tappable elements are covered`, ...report.covered.map((c) => `  ${c.target} at ${c.rect} is under ${c.coveredBy}`)].join('\n');
}

/**
 * Between two taps at one place (发送 again): the shell's double-tap guard (touch-guard.ts) swallows a second touch
 * end within 300 ms and 30 px of the first, as it would a person's double tap.
 */
export const BETWEEN_TAPS_MS = 350;

/** The pages with the tab bar. */
export const TAB_PAGES = ['/', '/discovery', '/vip', '/rank', '/user'] as const;
/** A seeded video (server/catalogue/seed.ts) whose play page is looked at. */
export const MEDIA_KEY = 'movie-01';
/** The scroll positions every screen is looked at. */
export const STOPS: readonly ScrollStop[] = ['top', 'middle', 'bottom'];
/** How long a look is repeated while something is still covered (a toast fading, images still loading). */
const SETTLE_MS = 6_000;

/** Waits until the screen has loaded what it asks for and its entry transition has ended. */
export async function settle(on: Page): Promise<void> {
  await on.waitForLoadState('networkidle').catch(() => undefined);
  await on.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
}

/** Looks at the page until nothing is covered or SETTLE_MS have passed; answers the last look. */
async function lookAt(on: Page): Promise<TapTargetReport> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const report = await findCoveredTapTargets(on);
    if (report.covered.length === 0 || Date.now() > deadline) return report;
    await on.waitForTimeout(300);
  }
}

/** Opens `url` and checks its tap targets at the top, in the middle and at the end of its scroll. */
export async function expectNothingCovered(page: Page, url: string, who: string, ready?: () => Promise<unknown>): Promise<void> {
  await page.goto(url);
  await settle(page);
  if (ready) await ready();
  const path = new URL(url).pathname + new URL(url).search;
  for (const stop of STOPS) {
    await scrollPageTo(page, stop);
    await settle(page);
    // A list that loads more at its end has grown meanwhile: put the scroll where it was meant to be again.
    await scrollPageTo(page, stop);
    const report = await lookAt(page);
    const where = `${path} (${who}), scrolled to the ${stop}`;
    expect(report.checked, `${where}: no tappable element in view`).toBeGreaterThan(0);
    expect(report.covered, describeCovered(where, report)).toEqual([]);
    const under = await findUnderOpenAppOffer(page);
    expect(under, `${where}: the open-app offer lies over ${under.join(', ')}`).toEqual([]);
  }
}
