import type { Clock, TimerId } from '../ports/clock.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';

/** The global timer's period (spec: ticks every 60 s). */
export const GLOBAL_TICK_MS = 60_000;

/** One app-wide 60 s timer that ticks its listeners; started once, at app start. */
export class GlobalTimer {
  private id: TimerId | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly clock: Clock) {}

  /** Starts ticking; a second call does nothing. */
  start(): void {
    if (this.id !== null) return;
    this.id = this.clock.repeat(() => {
      for (const listener of [...this.listeners]) listener();
    }, GLOBAL_TICK_MS);
  }

  stop(): void {
    if (this.id === null) return;
    this.clock.cancelRepeat(this.id);
    this.id = null;
  }

  running(): boolean {
    return this.id !== null;
  }

  onTick(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
