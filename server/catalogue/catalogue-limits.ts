export const CatalogueLimits = {
  maxPageSize: 50,
  defaultPageSize: 10,
  maxPage: 10_000,
  blockSize: 6,
  rankSize: 30,
  watchingSize: 10,
  maxKeyword: 30,
  maxProgressSeconds: 7 * 24 * 3600,
  /** A play counts towards the video's play count when the user had not played it within this gap. */
  playCountGapMs: 30 * 60 * 1000,
} as const;
