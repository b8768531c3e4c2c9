import type { Queryable } from '../db/database.ts';
import { markDeliveredBatch } from './message-repository.ts';

const DeliveryAckLimits = {
  /** A batch is written at most this long after its first id arrived. */
  maxDelayMs: 100,
  /** …or as soon as it holds this many ids. */
  maxIds: 2_000,
} as const;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Delivery acknowledgements (socket messageAck) of one process, written in batches: one UPDATE for every id
 * acknowledged within maxDelayMs (or maxIds), one write at a time. `add` settles once the write holding its
 * ids is done, so the socket can confirm only what is stored; close() writes what is left.
 */
export class DeliveryAcks {
  private batch: { uid: number; id: number; at: number }[] = [];
  private waiters: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
    private readonly limits: { maxDelayMs: number; maxIds: number } = DeliveryAckLimits,
  ) {}

  /** Queues the user's acknowledged ids; settles when they are written (rejects when that write failed). */
  add(uid: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    const at = this.now();
    for (const id of ids) this.batch.push({ uid, id, at });
    const written = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.closed || this.batch.length >= this.limits.maxIds) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.limits.maxDelayMs);
    return written;
  }

  /** Writes what is queued now (after the write in progress, if any). */
  flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.batch;
    const waiters = this.waiters;
    this.batch = [];
    this.waiters = [];
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        await markDeliveredBatch(this.db, batch);
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    });
    return this.writing;
  }

  /** Writes what is left; later adds are written at once. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }
}
