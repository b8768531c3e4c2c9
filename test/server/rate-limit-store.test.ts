import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../server/rate-limit/memory-rate-limit-store.ts';
import { RedisRateLimitStore } from '../../server/rate-limit/redis-rate-limit-store.ts';
import { LOGIN_ATTEMPTS_PER_USER, RateLimiter } from '../../server/rate-limit/rate-limiter.ts';
import { rateLimitStoreContract } from './rate-limit-store-contract.ts';
import { FakeClock, MINUTE, REDIS_URL } from './support.ts';

rateLimitStoreContract('memory', async () => new MemoryRateLimitStore());

describe.runIf(REDIS_URL !== undefined)('Redis (REDIS_URL)', () => {
  const prefix = `qiyu-test:${randomBytes(6).toString('hex')}:`;
  rateLimitStoreContract('Redis', async () => {
    const store = RedisRateLimitStore.connect(REDIS_URL ?? '', { prefix });
    return {
      count: (key, windowMs, now) => store.count(key, windowMs, now),
      hit: (key, windowMs, now) => store.hit(key, windowMs, now),
      claim: (key, windowMs, now, max) => store.claim(key, windowMs, now, max),
      release: (key, id) => store.release(key, id),
      reset: (key) => store.reset(key),
      close: async () => {
        // Remove this run's keys, then disconnect.
        const redis = new Redis(REDIS_URL ?? '');
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        await redis.quit();
        await store.close();
      },
    };
  });
});

describe('MemoryRateLimitStore housekeeping', () => {
  it('drops keys whose window has passed', async () => {
    const store = new MemoryRateLimitStore();
    for (let i = 0; i < 999; i++) await store.hit(`old-${i}`, MINUTE, 0);
    expect(store.size).toBe(999);
    await store.hit('new', MINUTE, 2 * MINUTE);
    expect(store.size).toBe(1);
  });
});

describe('RateLimiter', () => {
  it('is exhausted after max hits within the window, per subject, case-insensitively', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(), clock);
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_USER.max; i++) {
      expect(await limiter.isExhausted(LOGIN_ATTEMPTS_PER_USER, 'Alice')).toBe(false);
      await limiter.record(LOGIN_ATTEMPTS_PER_USER, 'Alice');
    }
    expect(await limiter.isExhausted(LOGIN_ATTEMPTS_PER_USER, 'alice')).toBe(true);
    expect(await limiter.isExhausted(LOGIN_ATTEMPTS_PER_USER, 'bob')).toBe(false);
    clock.advance(LOGIN_ATTEMPTS_PER_USER.windowMs);
    expect(await limiter.isExhausted(LOGIN_ATTEMPTS_PER_USER, 'alice')).toBe(false);
  });

  it('claims attempts up to the rule\'s max and takes one back on release', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter(new MemoryRateLimitStore(), clock);
    const rule = { name: 'test-claim', max: 2, windowMs: MINUTE };
    const first = await limiter.claim(rule, 'Bob');
    expect(await limiter.claim(rule, 'bob')).not.toBeNull();
    expect(await limiter.claim(rule, 'BOB')).toBeNull();
    await first?.release();
    expect(await limiter.claim(rule, 'bob')).not.toBeNull();
    expect(await limiter.claim(rule, 'bob')).toBeNull();
    clock.advance(MINUTE);
    expect(await limiter.claim(rule, 'bob')).not.toBeNull();
  });
});
