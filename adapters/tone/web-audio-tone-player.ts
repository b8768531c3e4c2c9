import type { TonePlayer } from '../../src/core/ports/tone-player.ts';

type AudioContextCtor = new () => AudioContext;

/** Where the AudioContext constructor lives (window in the browser). */
export interface AudioScope {
  AudioContext?: AudioContextCtor;
  webkitAudioContext?: AudioContextCtor;
}

export interface WebAudioTonePlayerOptions {
  frequencyHz?: number;
  durationMs?: number;
}

/**
 * A short beep through the Web Audio API: one oscillator per play, the AudioContext created on the first play.
 * Where audio is missing or blocked (no user gesture yet, autoplay policy) it plays nothing and throws nothing.
 */
export class WebAudioTonePlayer implements TonePlayer {
  private context: AudioContext | null = null;

  constructor(
    private readonly scope: AudioScope,
    private readonly options: WebAudioTonePlayerOptions = {},
  ) {}

  play(): void {
    try {
      const context = this.audio();
      if (!context) return;
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = this.options.frequencyHz ?? 880;
      gain.gain.value = 0.15;
      oscillator.connect(gain);
      gain.connect(context.destination);
      const seconds = (this.options.durationMs ?? 180) / 1000;
      oscillator.start();
      oscillator.stop(context.currentTime + seconds);
    } catch {
      // Audio unavailable or blocked: the tone is a nicety, never an error.
    }
  }

  private audio(): AudioContext | null {
    if (this.context) return this.context;
    const Ctor = this.scope.AudioContext ?? this.scope.webkitAudioContext;
    if (!Ctor) return null;
    this.context = new Ctor();
    return this.context;
  }
}
