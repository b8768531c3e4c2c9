import type { TonePlayer } from '../../src/core/ports/tone-player.ts';

/** Counts the tones played. */
export class FakeTonePlayer implements TonePlayer {
  plays = 0;

  play(): void {
    this.plays += 1;
  }
}
