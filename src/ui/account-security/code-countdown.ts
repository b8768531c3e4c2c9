import { makeAutoObservable, runInAction } from 'mobx';
import type { Clock } from '../../core/ports/clock.ts';

/** The 获取验证码 button's countdown: seconds until another code may go, ticking while its page is open. */
export class CodeCountdown {
  seconds: number;

  constructor(
    private readonly read: () => number,
    private readonly clock: Clock,
  ) {
    this.seconds = read();
    makeAutoObservable<CodeCountdown, 'read' | 'clock'>(this, { read: false, clock: false }, { autoBind: true });
  }

  get text(): string {
    return this.seconds > 0 ? `重新获取(${this.seconds}s)` : '获取验证码';
  }

  get waiting(): boolean {
    return this.seconds > 0;
  }

  /** Reads the seconds again (after a send, or a change of target). */
  refresh(): void {
    this.seconds = this.read();
  }

  /** Ticks every second until the returned function is called (the page closed). */
  start(): () => void {
    const timer = this.clock.repeat(() => runInAction(() => this.refresh()), 1000);
    return () => this.clock.cancelRepeat(timer);
  }
}
