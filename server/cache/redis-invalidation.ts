import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { ALL_TABLES, type SharedReadCache } from './shared-read-cache.ts';

/** Default Redis channel of the shared-read invalidations; processes sharing it drop each other's stale copies. */
const DEFAULT_INVALIDATION_CHANNEL = 'qiyu:shared-reads:invalidate';

export interface InvalidationBridge {
  /** Subscribed (resolves once the other processes' invalidations are heard). */
  ready: Promise<void>;
  close(): Promise<void>;
}

interface Message {
  from: string;
  tags: string[];
}

function parse(text: string): Message | undefined {
  try {
    const value = JSON.parse(text) as Partial<Message>;
    if (typeof value.from !== 'string' || !Array.isArray(value.tags) || !value.tags.every((tag) => typeof tag === 'string')) return undefined;
    return { from: value.from, tags: value.tags };
  } catch {
    return undefined;
  }
}

/**
 * Several server processes on one Redis (REDIS_URL): every local invalidation of `cache` is published on `channel`,
 * and the ones the other processes publish drop the same entries here. On connecting it publishes an invalidation of
 * everything, so a process that has just seeded (or migrated) the database is not outlived by the others' copies.
 * Lost messages (Redis down) leave the others serving their copy until its TTL ends (seconds).
 */
export function bridgeInvalidations(
  cache: SharedReadCache,
  redisUrl: string,
  log: FastifyBaseLogger,
  channel: string = DEFAULT_INVALIDATION_CHANNEL,
): InvalidationBridge {
  const id = randomUUID();
  const options = { maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error: unknown) => log.warn({ err: error }, 'shared-read invalidations: Redis error'));
  }
  const publish = (tags: readonly string[]): void => {
    publisher.publish(channel, JSON.stringify({ from: id, tags })).catch((error: unknown) => {
      log.warn({ err: error }, 'shared-read invalidation not published');
    });
  };
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parse(text);
    if (message !== undefined && message.from !== id) cache.drop(message.tags);
  });
  const stopListening = cache.onInvalidate(publish);
  const ready = subscriber.subscribe(channel).then(
    () => publish([ALL_TABLES]),
    (error: unknown) => log.warn({ err: error }, 'shared-read invalidations: not subscribed'),
  );
  return {
    ready,
    async close(): Promise<void> {
      stopListening();
      for (const connection of [publisher, subscriber]) {
        if (connection.status !== 'end') await connection.quit().catch(() => connection.disconnect());
      }
    },
  };
}
