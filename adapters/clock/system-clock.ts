import type { Clock, TimerId } from '../../src/core/ports/clock.ts';

/** Date.now and the global timers (numeric ids in the browser and in Node alike). */
export class SystemClock implements Clock {
  private nextId = 1;
  private readonly handles = new Map<TimerId, ReturnType<typeof globalThis.setTimeout>>();

  now(): number {
    return Date.now();
  }

  utcOffsetMinutes(at: number): number {
    return -new Date(at).getTimezoneOffset();
  }

  schedule(callback: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.handles.set(
      id,
      globalThis.setTimeout(() => {
        this.handles.delete(id);
        callback();
      }, ms),
    );
    return id;
  }

  cancelSchedule(id: TimerId): void {
    const handle = this.handles.get(id);
    if (handle === undefined) return;
    this.handles.delete(id);
    globalThis.clearTimeout(handle);
  }

  repeat(callback: () => void, ms: number): TimerId {
    const id = this.nextId++;
    this.handles.set(id, globalThis.setInterval(callback, ms));
    return id;
  }

  cancelRepeat(id: TimerId): void {
    const handle = this.handles.get(id);
    if (handle === undefined) return;
    this.handles.delete(id);
    globalThis.clearInterval(handle);
  }
}
