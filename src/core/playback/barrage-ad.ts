/** The barrage ad: one ad of the ad list's danmu group, flown once over the picture among the barrages. */

/** The barrage ad flies in once playback passed this many seconds (with barrages on). */
export const AD_BARRAGE_AT_SECONDS = 3;

/** The ad's id as a barrage: never a barrage's (those are positive, one's unsent ones small negatives). */
const AD_ID_BASE = -1_000_000_000;

export function adBarrageId(adId: number): number {
  return AD_ID_BASE - Math.max(0, adId);
}

/** The ad's text as it flies: its title without a leading 【广告】 (the mark is drawn); '' when nothing is left. */
export function adBarrageText(title: string | null | undefined): string {
  return (title ?? '').replace(/^\s*【广告】\s*/, '').trim();
}
