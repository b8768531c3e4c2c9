import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEMO_MEDIA_DIR } from '../../server/playback/media-serving.ts';
import { MPEG_TICKS_PER_SECOND, shiftTimestamps } from '../../server/playback/ts-timestamps.ts';
import { ptsValues } from './ts-packets.ts';

const WRAP = 2 ** 33;

describe('shiftTimestamps (a live loop moved later in time)', async () => {
  const segment = await readFile(join(DEMO_MEDIA_DIR, 'clip-a', '360p', 'seg003.ts'));
  const original = ptsValues(segment);

  it('moves every PTS by the offset and changes nothing else in size', () => {
    const shifted = shiftTimestamps(segment, 20 * MPEG_TICKS_PER_SECOND);
    expect(shifted.length).toBe(segment.length);
    expect(original.length).toBeGreaterThan(10);
    expect(ptsValues(shifted)).toEqual(original.map((pts) => pts + 20 * MPEG_TICKS_PER_SECOND));
    expect(shiftTimestamps(segment, 0).equals(segment)).toBe(true);
  });

  it('wraps at 2^33 and composes: shifting by a then b is shifting by a + b', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 }), (a, b) => {
        const twice = shiftTimestamps(shiftTimestamps(segment, a), b);
        expect(twice.equals(shiftTimestamps(segment, a + b))).toBe(true);
        expect(ptsValues(twice)).toEqual(original.map((pts) => (pts + a + b) % WRAP));
      }),
      { numRuns: 25 },
    );
  });
});
