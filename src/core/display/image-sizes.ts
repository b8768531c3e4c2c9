/**
 * The image sizes the app asks for and the reference server produces (`/media/*?x-oss-process=…`): one list of
 * widths and one list of crop shapes, shared by the image URL rule (image-url.ts) and the server's resize
 * (server/media/), so the server only ever makes the variants the display rules ask for.
 */

/** The widths images are requested at (and the only widths the server produces, or the original's if smaller). */
export const IMAGE_WIDTHS = [200, 400, 600, 800, 1000] as const;
/** Images are requested at 1.3 times the width they are shown at. */
const IMAGE_SCALE = 1.3;
/**
 * The crop shapes, as height ÷ width: 16:9, 4:3, square, 3:4 and 9:16. A crop (m_fill with a width and a height)
 * is asked, and made, at the shape nearest to the display box's.
 */
export const IMAGE_ASPECTS = [9 / 16, 3 / 4, 1, 4 / 3, 16 / 9] as const;

const WIDEST = Math.max(...IMAGE_WIDTHS);

/** The width to request for an image shown `width` wide: 1.3 times, rounded up to one of IMAGE_WIDTHS (at most the widest). */
export function requestWidth(width: number): number {
  const wanted = width * IMAGE_SCALE;
  return IMAGE_WIDTHS.find((w) => w >= wanted) ?? WIDEST;
}

/** The one of IMAGE_WIDTHS nearest to `value` (a tie goes to the larger). */
export function nearestImageWidth(value: number): number {
  let best: number = IMAGE_WIDTHS[0];
  for (const width of IMAGE_WIDTHS) {
    if (Math.abs(width - value) <= Math.abs(best - value)) best = width;
  }
  return best;
}

/** The one of IMAGE_ASPECTS nearest to `ratio` (height ÷ width), compared on a log scale so 2:1 and 1:2 are alike far from 1. */
function nearestImageAspect(ratio: number): number {
  const target = Math.log(ratio > 0 && Number.isFinite(ratio) ? ratio : 1);
  let best: number = IMAGE_ASPECTS[0];
  for (const aspect of IMAGE_ASPECTS) {
    if (Math.abs(Math.log(aspect) - target) < Math.abs(Math.log(best) - target)) best = aspect;
  }
  return best;
}

/** The crop height for `width` at the shape nearest to `ratio` (height ÷ width): round(width × aspect), at least 1. */
export function cropHeight(width: number, ratio: number): number {
  return Math.max(1, Math.round(width * nearestImageAspect(ratio)));
}
