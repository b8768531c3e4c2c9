/** The catalogue server's own sizes (the limits of what the calls take are the protocol's: CatalogueProtocolLimits). */
export const CatalogueLimits = {
  blockSize: 6,
  rankSize: 30,
  watchingSize: 10,
  /** A play counts towards the video's play count when the user had not played it within this gap. */
  playCountGapMs: 30 * 60 * 1000,
} as const;
