import type { RendererClock } from './barrage-drawable.ts';

/**
 * A jump of the media clock this much (seconds) beyond what the wall time since the last frame explains, at the
 * playback rate, is a seek that no event announced: the screen starts again from there. A long frame is not one.
 */
const SEEK_JUMP_S = 1.5;
/** Interpolation of the media clock between two changes of currentTime, at most this far (seconds). */
const MAX_EXTRAPOLATION_S = 0.25;

/**
 * The renderer's view of the player's clock: currentTime smoothed between its updates while playing, and whether a
 * frame's jump of media time was a seek (of the video) or only a slow frame.
 */
export class MediaClockFollower {
  private lastRaw = Number.NaN;
  private lastRawAt = 0;
  /** Wall time of the last frame drawn while playing (NaN: none since the clock started, paused or changed rate). */
  private lastFrameAt = Number.NaN;

  /** The clock was started, seeked, paused or changed rate: nothing from before is extrapolated. */
  forget(): void {
    this.lastRaw = Number.NaN;
    this.lastFrameAt = Number.NaN;
  }

  /** Media time at wall time `wall`, never running backwards by a hair from `shown` (the time on screen). */
  now(player: RendererClock | null, wall: number, shown: number): number {
    if (!player) return shown;
    const raw = player.currentTime();
    if (!Number.isFinite(raw)) return shown;
    if (raw !== this.lastRaw) {
      this.lastRaw = raw;
      this.lastRawAt = wall;
      if (raw < shown && shown - raw < MAX_EXTRAPOLATION_S && !player.paused()) return shown;
      return raw;
    }
    if (player.paused()) return raw;
    const ahead = Math.min(MAX_EXTRAPOLATION_S, ((wall - this.lastRawAt) / 1000) * (player.playbackRate() || 1));
    return Math.max(shown, raw + ahead);
  }

  /**
   * Whether moving the screen by `jump` seconds of media time at this frame is a seek: backwards, further than the
   * wall time since the last frame explains at the playback rate (a slow frame moves it far, and that is no seek),
   * or longer than a barrage's crossing (`crossing` seconds: all that flew has gone). Records the frame.
   */
  isSeek(player: RendererClock | null, wall: number, jump: number, crossing: number): boolean {
    const playing = player !== null && !player.paused();
    const explained = playing && Number.isFinite(this.lastFrameAt) ? ((wall - this.lastFrameAt) / 1000) * Math.max(0, player.playbackRate() || 1) : 0;
    this.lastFrameAt = playing ? wall : Number.NaN;
    return jump < -SEEK_JUMP_S || jump > explained + SEEK_JUMP_S || jump > crossing;
  }
}
