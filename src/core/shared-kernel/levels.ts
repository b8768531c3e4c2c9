/**
 * Levels 1 to 8 follow experience (each daily sign-in and each claimed task adds some); shared by the app (the user
 * page's icon, /myLevel) and the reference server (the user view). The spec's level icon stops at 8.
 */

/** Experience needed for levels 1 to 8. */
export const LEVEL_THRESHOLDS: readonly number[] = [0, 30, 70, 150, 300, 600, 1200, 2400];

/** The highest level. */
export const MAX_LEVEL = LEVEL_THRESHOLDS.length;

export function levelFor(experience: number): number {
  let level = 1;
  LEVEL_THRESHOLDS.forEach((threshold, index) => {
    if (experience >= threshold) level = index + 1;
  });
  return level;
}
