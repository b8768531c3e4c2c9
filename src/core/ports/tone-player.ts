/** Plays the short message tone (the browser's audio; nothing where audio is unavailable or blocked). */
export interface TonePlayer {
  play(): void;
}
export const TonePlayer = Symbol('TonePlayer');
