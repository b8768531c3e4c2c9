import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.ts';

export interface RedisRateLimitStoreOptions {
  /** Prepended to every key (default `qiyu:ratelimit:`); tests use a random one per run. */
  prefix?: string;
}

/** KEYS[1] the counter; ARGV now, windowMs, max, member. Adds the member (1) unless max hits are within the window (0). */
const CLAIM_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCOUNT', KEYS[1], '(' .. (now - window), now) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 1
`;

/**
 * Counters in Redis sorted sets (score = hit time in ms), shared by all server processes.
 * Each key expires one window after its last hit.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    options: RedisRateLimitStoreOptions = {},
    private readonly ownsConnection = false,
  ) {
    this.prefix = options.prefix ?? 'qiyu:ratelimit:';
  }

  /** Connects to REDIS_URL; the store closes the connection on close(). */
  static connect(url: string, options: RedisRateLimitStoreOptions = {}): RedisRateLimitStore {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 5000, lazyConnect: false });
    // Connection problems surface as failed commands (answered as ret 500); don't crash on the event.
    redis.on('error', () => undefined);
    return new RedisRateLimitStore(redis, options, true);
  }

  /** The connection, for other Redis counters of the app (the /api flood guard) to share. */
  get connection(): Redis {
    return this.redis;
  }

  /** The key prefix; counters sharing the connection put theirs under it. */
  get keyPrefix(): string {
    return this.prefix;
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    return this.redis.zcount(this.prefix + key, `(${now - windowMs}`, now);
  }

  async hit(key: string, windowMs: number, now: number): Promise<number> {
    const fullKey = this.prefix + key;
    const results = await this.redis
      .multi()
      .zremrangebyscore(fullKey, '-inf', now - windowMs)
      .zadd(fullKey, now, `${now}:${randomUUID()}`)
      .zcount(fullKey, `(${now - windowMs}`, now)
      .pexpire(fullKey, windowMs)
      .exec();
    if (results === null) throw new Error('Redis transaction aborted');
    for (const [error] of results) if (error) throw error;
    const counted = results[2]?.[1];
    if (typeof counted !== 'number') throw new Error('Unexpected Redis reply');
    return counted;
  }

  async claim(key: string, windowMs: number, now: number, max: number): Promise<string | null> {
    const id = `${now}:${randomUUID()}`;
    // A Lua script runs atomically in Redis: no other client's command comes between the count and the add.
    const added = await this.redis.eval(CLAIM_SCRIPT, 1, this.prefix + key, now, windowMs, max, id);
    return added === 1 ? id : null;
  }

  async release(key: string, id: string): Promise<void> {
    await this.redis.zrem(this.prefix + key, id);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    if (this.ownsConnection && this.redis.status !== 'end') await this.redis.quit();
  }
}
