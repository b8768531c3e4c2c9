/**
 * Vitest's order (files it has timed before, longest first; else the largest first), with the journeys known to be
 * long put first of their project: a clean clone has no timings, and a long journey started last makes the run's
 * tail (the 素材转码 journey transcodes a 1080p ladder: about 2.5 min beside two other journeys).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONG_FIRST = ['console-media-journey', 'shell-journey', 'barrage-journey', 'player-gestures-journey', 'console-journey'];

function rank(spec: TestSpecification): number {
  const index = LONG_FIRST.findIndex((name) => spec.moduleId.endsWith(`/${name}.test.ts`));
  return index === -1 ? LONG_FIRST.length : index;
}

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
