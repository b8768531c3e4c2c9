import { formatImageUrl } from '../display/image-url.ts';
import { parsed } from '../request/answer-values.ts';
import { homeData as homeDataAnswer } from '../shared-kernel/video.ts';
import { CatalogueCalls } from './catalogue-protocol.ts';

/**
 * What a phone shows of the home route before any scroll, shared by the app (which cards load their covers at
 * once) and the server (which sends the page with the visitor's home data and preloads those covers).
 */

/** Display size (CSS pixels) of a grid card's cover; the cover is requested for it (image-url.ts). */
export const GRID_COVER_SIZE = { width: 176, height: 99 } as const;

/** The cards of the first block a phone shows before any scroll (two rows of two): their covers load at once. */
export const FIRST_SCREEN_CARDS = 4;

/** id of the `<script type="application/json">` in which the server hands the page the visitor's GetHomeData answer. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';

/**
 * id of the static copy of the first screen the server writes before the app's root (server/static/
 * first-screen-markup.ts): painted before the app's code has loaded, removed by the home screen as it mounts.
 */
export const FIRST_SCREEN_MARKUP_ID = 'first-screen-markup';

/** The call whose visitor answer the page carries: GetHomeData of 推荐 (no category), without a session. */
export const FIRST_SCREEN_CALL = CatalogueCalls.home.path;

/**
 * The addresses of the covers a visitor's home shows first (the first block's first cards, as the cards request
 * them), from a GetHomeData answer's data.
 */
export function firstScreenCovers(homeData: unknown): string[] {
  const first = parsed(homeDataAnswer, homeData)?.blocks[0];
  if (!first) return [];
  return first.list.slice(0, FIRST_SCREEN_CARDS).flatMap((video) => {
    const result = formatImageUrl(video.cover, GRID_COVER_SIZE);
    return result.ok && result.url ? [result.url] : [];
  });
}
