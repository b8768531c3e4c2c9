/** A paged list's load state: only Idle lets scrolling trigger the next load. */
export const LoadState = { Idle: 0, Loading: 1, NoMore: 2, Failed: 3 } as const;
export type LoadState = (typeof LoadState)[keyof typeof LoadState];

/** The shared list footer. */
export const FooterState = { Loading: 1, NoMore: 2, Failed: 3 } as const;
export type FooterState = (typeof FooterState)[keyof typeof FooterState];

export const canTriggerLoad = (state: LoadState): boolean => state === LoadState.Idle;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Load more when the distance left to the bottom is under twice the visible height. */
export function nearBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): boolean {
  return scrollHeight - scrollTop - clientHeight < 2 * clientHeight;
}

/** Load earlier items (a chat) at a scroll position of 20 or less. */
export const nearTop = (scrollTop: number): boolean => scrollTop <= 20;
