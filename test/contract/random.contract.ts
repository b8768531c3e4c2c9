import { describe, expect, it } from 'vitest';
import type { Random } from '../../src/core/ports/random.ts';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function randomContract(name: string, makeRandom: () => Random): void {
  describe(`Random contract: ${name}`, () => {
    it('makes lower-case RFC 4122 version 4 UUIDs', () => {
      const random = makeRandom();
      for (let i = 0; i < 50; i++) expect(random.uuid()).toMatch(UUID_V4);
    });

    it('never repeats itself', () => {
      const random = makeRandom();
      const ids = Array.from({ length: 2_000 }, () => random.uuid());
      expect(new Set(ids).size).toBe(ids.length);
    });
  });
}
