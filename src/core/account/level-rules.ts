/** Levels 1 to 8 follow experience (each daily sign-in adds some); shared by the app and the reference server. */

/** Experience needed for levels 1 to 8. */
export const LEVEL_THRESHOLDS: readonly number[] = [0, 30, 70, 150, 300, 600, 1200, 2400];

export function levelFor(experience: number): number {
  let level = 1;
  LEVEL_THRESHOLDS.forEach((threshold, index) => {
    if (experience >= threshold) level = index + 1;
  });
  return level;
}
