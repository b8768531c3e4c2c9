import type { RateLimitStore } from './rate-limit-store.ts';

interface Entry {
  hits: number[];
  /** Ids of the claimed hits, parallel to hits ('' for plain hits). */
  ids: string[];
  /** The last hit plus its window: after this the entry holds nothing that counts. */
  deadline: number;
}

const SWEEP_EVERY = 1000;

/** In-process counters; fine for a single server process. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private hitsSinceSweep = 0;
  private claims = 0;

  async count(key: string, windowMs: number, now: number): Promise<number> {
    const entry = this.entries.get(key);
    if (entry === undefined) return 0;
    return entry.hits.filter((t) => t > now - windowMs && t <= now).length;
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const entry = this.current(key, windowMs, now);
    this.add(key, entry, windowMs, now, '');
    return entry.hits.filter((t) => t <= now).length;
  }

  // No await between reading the count and adding the hit: the check and the hit are one step.
  async claim(key: string, windowMs: number, now: number, max: number): Promise<string | null> {
    const entry = this.current(key, windowMs, now);
    if (entry.hits.filter((t) => t <= now).length >= max) return null;
    const id = `c${++this.claims}`;
    this.add(key, entry, windowMs, now, id);
    return id;
  }

  async release(key: string, id: string): Promise<void> {
    const entry = this.entries.get(key);
    const index = entry?.ids.indexOf(id) ?? -1;
    if (entry === undefined || index < 0 || id === '') return;
    entry.hits.splice(index, 1);
    entry.ids.splice(index, 1);
  }

  /** The key's entry with the hits that left the window dropped. */
  private current(key: string, windowMs: number, now: number): Entry {
    if (++this.hitsSinceSweep >= SWEEP_EVERY) this.sweep(now);
    const entry = this.entries.get(key) ?? { hits: [], ids: [], deadline: 0 };
    const keep = entry.hits.map((t) => t > now - windowMs);
    entry.hits = entry.hits.filter((_, i) => keep[i]);
    entry.ids = entry.ids.filter((_, i) => keep[i]);
    return entry;
  }

  private add(key: string, entry: Entry, windowMs: number, now: number, id: string): void {
    entry.hits.push(now);
    entry.ids.push(id);
    entry.deadline = Math.max(entry.deadline, now + windowMs);
    this.entries.set(key, entry);
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
