import type { Queryable } from '../db/database.ts';
import { findByClientId, insertMessage, insertMessageGroup } from './message-repository.ts';
import type { MessageSender, MessageView, NewMessage } from './message-repository.ts';

/** Sends written by one statement at most. */
const MAX_INSERT_BATCH = 200;
/**
 * Group INSERTs running at once. On PostgreSQL a commit waits for its WAL flush (10–15 ms on the bench machine), which
 * one writer at a time would add to every send behind it; a few at once overlap those waits. PGlite runs them in turn.
 */
const MAX_INSERTS_IN_FLIGHT = 4;

export type InsertOutcome = { message: MessageView; created: boolean } | undefined;

interface Pending {
  message: NewMessage & { clientId: string };
  sender: MessageSender;
  resolve: (outcome: InsertOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * SendMessage's INSERTs, grouped by the database's own pace: a send is written once the I/O of the current turn of the
 * event loop is handled (setImmediate: no timer, the sends whose requests came in with it join it), or, when
 * MAX_INSERTS_IN_FLIGHT groups are being written, once one of them is done. Each group is written, in arrival order,
 * by one `INSERT … SELECT FROM unnest … ON CONFLICT DO NOTHING`. On PGlite, where each statement blocks the
 * event loop for its parse, plan and commit (so without the wait no two sends would ever meet), that is one statement
 * for every burst instead of one per message. Each send gets what insertMessage would answer it:
 * - created, with the id stored for its (sender, clientId);
 * - not created (a retry, or a second send with the same clientId in the same group): the stored message;
 * - undefined when the recipient does not exist. A statement that fails (a recipient deleted meanwhile fails the whole
 *   group with a foreign-key error) is retried one send at a time, so each gets its own outcome.
 * Sends without a clientId are written alone (a group's rows are matched to their sends by sender and clientId).
 */
export class MessageInserts {
  private queue: Pending[] = [];
  /** A flush is waiting for the end of this turn of the event loop. */
  private scheduled = false;
  private inFlight = 0;
  /** Statements written (tests). */
  statements = 0;

  constructor(
    private readonly db: Queryable,
    private readonly maxBatch: number = MAX_INSERT_BATCH,
    private readonly maxInFlight: number = MAX_INSERTS_IN_FLIGHT,
  ) {}

  insert(message: NewMessage, sender: MessageSender): Promise<InsertOutcome> {
    const { clientId } = message;
    if (clientId === null) {
      this.statements += 1;
      return insertMessage(this.db, message, sender);
    }
    return new Promise<InsertOutcome>((resolve, reject) => {
      this.queue.push({ message: { ...message, clientId }, sender, resolve, reject });
      this.schedule();
    });
  }

  /** After the I/O of this turn of the event loop (the sends whose requests arrived with this one join it), if a write may start. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const group = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      this.write(group)
        .catch((error: unknown) => {
          for (const pending of group) pending.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          this.schedule();
        });
    }
  }

  private async write(group: readonly Pending[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group;
      if (only !== undefined) await this.alone(only);
      return;
    }
    let rows: { id: number; from_uid: number; client_id: string }[];
    try {
      this.statements += 1;
      rows = await insertMessageGroup(this.db, group.map((p) => p.message));
    } catch {
      // One bad row fails them all: each on its own, answering (or failing with) its own outcome.
      await Promise.all(group.map((pending) => this.alone(pending)));
      return;
    }
    const stored = new Map(rows.map((row) => [keyOf(Number(row.from_uid), row.client_id), Number(row.id)]));
    for (const pending of group) {
      const { message, sender } = pending;
      const key = keyOf(message.fromUid, message.clientId);
      const id = stored.get(key);
      if (id !== undefined) {
        // The first send of the group with this key is the one stored; a later one is its repetition.
        stored.delete(key);
        const { fromUid, toUid, type, content, clientId, createdAt } = message;
        pending.resolve({ message: { id, fromUid, toUid, type, content, createdAt: createdAt.getTime(), clientId, ...sender }, created: true });
      } else {
        findByClientId(this.db, message.fromUid, message.clientId).then(
          (found) => pending.resolve(found === undefined ? undefined : { message: found, created: false }),
          pending.reject,
        );
      }
    }
  }

  private async alone(pending: Pending): Promise<void> {
    this.statements += 1;
    await insertMessage(this.db, pending.message, pending.sender).then(pending.resolve, pending.reject);
  }
}

const keyOf = (fromUid: number, clientId: string): string => `${fromUid}\u0000${clientId}`;
