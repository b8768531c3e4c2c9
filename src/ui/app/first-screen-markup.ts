import { FIRST_SCREEN_MARKUP_ID } from '../../core/catalogue/first-screen.ts';

/**
 * Removes the static copy of the home's first screen the page may carry (server/static/first-screen-markup.ts):
 * called in the commit that draws the real screen (a layout effect), so the browser never paints both, or neither.
 */
export function dropFirstScreenMarkup(): void {
  document.getElementById(FIRST_SCREEN_MARKUP_ID)?.remove();
}
