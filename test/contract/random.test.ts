import { describe, expect, it } from 'vitest';
import { CryptoRandom } from '../../adapters/random/crypto-random.ts';
import { SequenceRandom } from '../../adapters/random/sequence-random.ts';
import { randomContract, UUID_V4 } from './random.contract.ts';

randomContract('CryptoRandom (randomUUID)', () => new CryptoRandom());
randomContract('CryptoRandom (getRandomValues fallback)', () => new CryptoRandom({ getRandomValues: (array) => crypto.getRandomValues(array) }));
randomContract('SequenceRandom', () => new SequenceRandom(42));

describe('CryptoRandom', () => {
  it('sets the version and variant bits itself where randomUUID is missing', () => {
    const random = new CryptoRandom({
      getRandomValues: (array) => {
        if (array instanceof Uint8Array) array.fill(0xff);
        return array;
      },
    });
    expect(random.uuid()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});

describe('SequenceRandom', () => {
  it('repeats the same sequence for the same seed and differs across seeds', () => {
    const take = (random: SequenceRandom) => [random.uuid(), random.uuid()];
    expect(take(new SequenceRandom(7))).toEqual(['00000007-0000-4000-8000-000000000001', '00000007-0000-4000-8000-000000000002']);
    expect(take(new SequenceRandom(7))).toEqual(take(new SequenceRandom(7)));
    expect(new SequenceRandom(1).uuid()).not.toBe(new SequenceRandom(2).uuid());
    expect(new SequenceRandom().uuid()).toMatch(UUID_V4);
  });
});
