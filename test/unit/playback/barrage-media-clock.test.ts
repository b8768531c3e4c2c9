import { describe, expect, it } from 'vitest';
import { MediaClockFollower } from '../../../src/ui/barrage/barrage-media-clock.ts';
import type { RendererClock } from '../../../src/ui/barrage/barrage-drawable.ts';

/** A player clock a test moves: currentTime changes only when the test says (as a <video>'s, a few times a second). */
function clock(rate: number): RendererClock & { time: number; rate: number } {
  return {
    time: 10,
    rate,
    currentTime() {
      return this.time;
    },
    paused: () => false,
    playbackRate() {
      return this.rate;
    },
    on: () => () => undefined,
  };
}

describe('the barrage clock at any speed (issue 24)', () => {
  it('runs between two currentTime updates at the playback rate: 2× twice as fast as 1×', () => {
    const follower = new MediaClockFollower();
    const fast = clock(2);
    expect(follower.now(fast, 0, 10)).toBe(10);
    // 100 ms of wall time at 2× is 0.2 s of media time.
    expect(follower.now(fast, 100, 10)).toBeCloseTo(10.2);
    const normal = new MediaClockFollower();
    const slow = clock(1);
    normal.now(slow, 0, 10);
    expect(normal.now(slow, 100, 10)).toBeCloseTo(10.1);
    const half = new MediaClockFollower();
    const slower = clock(0.5);
    half.now(slower, 0, 10);
    expect(half.now(slower, 100, 10)).toBeCloseTo(10.05);
  });

  it('a frame’s jump is a seek only beyond what the wall time explains at the playback rate (2× explains twice as much)', () => {
    const follower = new MediaClockFollower();
    const fast = clock(2);
    follower.isSeek(fast, 0, 0, 8);
    // 1 s of wall time at 2× moves the media 2 s: playing on.
    expect(follower.isSeek(fast, 1000, 2, 8)).toBe(false);
    // 2 s more than 2× explains is a seek.
    expect(follower.isSeek(fast, 2000, 4.1, 8)).toBe(true);
    const normal = new MediaClockFollower();
    const slow = clock(1);
    normal.isSeek(slow, 0, 0, 8);
    expect(normal.isSeek(slow, 1000, 2, 8)).toBe(false);
    expect(normal.isSeek(slow, 2000, 3, 8)).toBe(true);
  });
});
