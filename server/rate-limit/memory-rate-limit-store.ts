import type { RateLimitStore } from './rate-limit-store.ts';

interface Entry {
  hits: number[];
  /** The last hit plus its window: after this the entry holds nothing that counts. */
  deadline: number;
}

const SWEEP_EVERY = 1000;

/** In-process counters; fine for a single server process. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private hitsSinceSweep = 0;

  async count(key: string, windowMs: number, now: number): Promise<number> {
    const entry = this.entries.get(key);
    if (entry === undefined) return 0;
    return entry.hits.filter((t) => t > now - windowMs && t <= now).length;
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const entry = this.entries.get(key) ?? { hits: [], deadline: 0 };
    entry.hits = entry.hits.filter((t) => t > now - windowMs);
    entry.hits.push(now);
    entry.deadline = Math.max(entry.deadline, now + windowMs);
    this.entries.set(key, entry);
    return entry.hits.filter((t) => t <= now).length;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Number of keys held (for tests). */
  get size(): number {
    return this.entries.size;
  }

  private sweep(now: number): void {
    this.hitsSinceSweep = 0;
    for (const [key, entry] of this.entries) {
      if (entry.deadline <= now) this.entries.delete(key);
    }
  }
}
