import type { Random } from '../../src/core/ports/random.ts';

/**
 * Deterministic v4-shaped UUIDs that are easy to read in a test: the seed in the first group, a counter
 * (from 1) in the last. new SequenceRandom(7).uuid() → 00000007-0000-4000-8000-000000000001.
 */
export class SequenceRandom implements Random {
  private counter = 0;

  constructor(private readonly seed = 0) {}

  uuid(): string {
    this.counter += 1;
    const seed = (this.seed >>> 0).toString(16).padStart(8, '0');
    const count = this.counter.toString(16).padStart(12, '0');
    return `${seed}-0000-4000-8000-${count}`;
  }
}
