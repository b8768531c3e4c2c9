import { describe, expect, it } from 'vitest';
import type { TonePlayer } from '../../src/core/ports/tone-player.ts';

export interface TonePlayerHarness {
  player: TonePlayer;
  /** Tones that actually started. */
  played(): number;
}

/** The TonePlayer port's contract: each play() is one short tone, and play() never throws. */
export function tonePlayerContract(name: string, makeHarness: () => TonePlayerHarness): void {
  describe(`TonePlayer contract: ${name}`, () => {
    it('plays one tone per call', () => {
      const { player, played } = makeHarness();
      player.play();
      player.play();
      expect(played()).toBe(2);
    });
  });
}
