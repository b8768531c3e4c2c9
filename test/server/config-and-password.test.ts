import { describe, expect, it } from 'vitest';
import { DEFAULT_ARGON2_PARAMS, PasswordHasher, legacyScryptHash } from '../../server/auth/password.ts';
import { ConfigError, parseByteSize, readConfig, redactUrlPassword } from '../../server/config.ts';
import { checkNickName } from '../../server/login/credentials.ts';
import { formatDate } from '../../server/clock.ts';
import { TEST_ARGON2, TEST_SCRYPT } from './support.ts';

describe('readConfig', () => {
  it('has the documented defaults', () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      redisUrl: undefined,
      sessionSecret: undefined,
      staticDir: 'dist',
      defaultRegion: 'CN',
      trustProxy: false,
      logLevel: 'info',
      argon2: DEFAULT_ARGON2_PARAMS,
    });
  });

  it('reads the environment, treating empty values as unset', () => {
    const config = readConfig({
      PORT: '8080', HOST: '0.0.0.0', DATA_DIR: '/var/qiyu', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://r:6379',
      SESSION_SECRET: 'a-long-enough-secret', STATIC_DIR: 'build', DEFAULT_REGION: 'my', TRUST_PROXY: 'true', LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080, host: '0.0.0.0', dataDir: '/var/qiyu', databaseUrl: 'postgres://db/x', redisUrl: 'redis://r:6379',
      sessionSecret: 'a-long-enough-secret', staticDir: 'build', defaultRegion: 'MY', trustProxy: true, logLevel: 'warn',
    });
    expect(readConfig({ DATABASE_URL: '', REDIS_URL: ' ', PORT: '' })).toMatchObject({ databaseUrl: undefined, redisUrl: undefined, port: 3000 });
    expect(readConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DEFAULT_REGION: 'XX' }, /DEFAULT_REGION/],
    [{ SESSION_SECRET: 'short' }, /SESSION_SECRET/],
    [{ PORT: '-1' }, /^PORT must be a whole number from 0 to 65535, got "-1"$/],
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"$/],
    [{ DATABASE_URL: 'localhost:5432' }, /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    [{ DATABASE_URL: 'mysql://root:hunter2@db/x' }, /got "mysql:\/\/root:\*\*\*@db\/x"$/],
    [{ REDIS_URL: 'memcached://cache' }, /^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ UPLOAD_MAX_BYTES: '1.5GB' }, /^UPLOAD_MAX_BYTES must be a whole number of bytes above 0, or one with KB, MB or GB/],
    [{ UPLOAD_QUOTA_BYTES: '0' }, /^UPLOAD_QUOTA_BYTES must be/],
    [{ FRAME_ORIGINS: 'https://help.example.com/path' }, /^FRAME_ORIGINS must list http:\/\/ or https:\/\/ origins separated by commas .*got "https:\/\/help.example.com\/path"$/],
    [{ FRAME_ORIGINS: 'https://a.example, javascript:alert(1)' }, /^FRAME_ORIGINS must list/],
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  it('reads FRAME_ORIGINS as a list of origins (a trailing slash is taken), unset as none', () => {
    expect(readConfig({ FRAME_ORIGINS: 'https://help.example.com, http://127.0.0.1:8080/' }).frameOrigins).toEqual(['https://help.example.com', 'http://127.0.0.1:8080']);
    expect(readConfig({}).frameOrigins).toBeUndefined();
  });

  it('takes LOG_LEVEL in any case, postgresql:// and rediss:// URLs, and sizes with units', () => {
    expect(readConfig({ LOG_LEVEL: 'DEBUG' }).logLevel).toBe('debug');
    expect(readConfig({ DATABASE_URL: 'postgresql://u:p@h:5432/d', REDIS_URL: 'rediss://h:6380' })).toMatchObject({
      databaseUrl: 'postgresql://u:p@h:5432/d', redisUrl: 'rediss://h:6380',
    });
    expect(readConfig({ UPLOAD_MAX_BYTES: '200MB', UPLOAD_QUOTA_BYTES: '2 GB' })).toMatchObject({ uploadMaxBytes: 209_715_200, uploadQuotaBytes: 2 * 1024 ** 3 });
    expect([parseByteSize('1024'), parseByteSize('1kb'), parseByteSize('3MiB'), parseByteSize('1G')]).toEqual([1024, 1024, 3 * 1024 ** 2, 1024 ** 3]);
    for (const bad of ['', '0', '0MB', '-5', '1.5GB', '12XB', '1e9', '9999999999999999', '8388608GB']) expect(parseByteSize(bad), bad).toBeUndefined();
    expect(redactUrlPassword('postgres://u:secret@h/d')).toBe('postgres://u:***@h/d');
    expect(redactUrlPassword('postgres://u@h/d')).toBe('postgres://u@h/d');
  });
});

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(TEST_ARGON2);

  it('stores an argon2id PHC string with a random salt', async () => {
    const hash = await hasher.hash('passw0rd-x');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.hash('passw0rd-x')).not.toBe(hash);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('uses OWASP\'s argon2id cost by default', async () => {
    expect(DEFAULT_ARGON2_PARAMS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await new PasswordHasher().hash('x')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('passw0rd-x');
    expect(await hasher.verify('passw0rd-x', hash)).toBe(true);
    expect(await hasher.verify('passw0rd-y', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('verifies hashes made with another cost, and asks for them to be rehashed', async () => {
    const stronger = new PasswordHasher({ memoryCost: 2048, timeCost: 2, parallelism: 2 });
    const hash = await stronger.hash('密码pass');
    expect(hash.startsWith('$argon2id$v=19$m=2048,t=2,p=2$')).toBe(true);
    expect(await hasher.verify('密码pass', hash)).toBe(true);
    expect(hasher.needsRehash(hash)).toBe(true);
  });

  it('still verifies old scrypt hashes, and asks for them to be rehashed', async () => {
    const old = await legacyScryptHash('old-secret', TEST_SCRYPT);
    expect(old).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await hasher.verify('old-secret', old)).toBe(true);
    expect(await hasher.verify('old-secreT', old)).toBe(false);
    expect(hasher.needsRehash(old)).toBe(true);
  });

  it('refuses unreadable or absurd stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1024$8$1$c2FsdA==', 'bcrypt$1$2$3$4$5', 'scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
      'scrypt$4194304$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==', '$argon2id$v=19$m=1024,t=1,p=1$bad', '$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaA',
      '$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g']) {
      expect(await hasher.verify('x', stored), stored).toBe(false);
    }
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('spends about as long on an unknown account as on a real check', async () => {
    const real = new PasswordHasher();
    const stored = await real.hash('right-password');
    await real.verifyDummy('warm-up');
    const timed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    // Interleaved, so a busy machine slows both alike; the fastest of each is compared.
    const dummy: number[] = [];
    const check: number[] = [];
    for (let i = 0; i < 4; i++) {
      dummy.push(await timed(() => real.verifyDummy('wrong-password')));
      check.push(await timed(() => real.verify('wrong-password', stored)));
    }
    const ratio = Math.min(...dummy) / Math.min(...check);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('refuses invalid parameters', () => {
    expect(() => new PasswordHasher({ memoryCost: 4, timeCost: 1, parallelism: 1 })).toThrow();
    expect(() => new PasswordHasher({ memoryCost: 1024, timeCost: 0, parallelism: 1 })).toThrow();
  });
});

describe('display helpers', () => {
  it('formats dates in China time', () => {
    expect(formatDate(new Date('2030-12-31T16:00:00Z'))).toBe('2031-01-01');
    expect(formatDate(new Date('2030-12-31T15:59:59Z'))).toBe('2030-12-31');
  });

  it('counts nick name characters, not UTF-16 units', () => {
    expect(checkNickName('😀'.repeat(16), 'x')).toBe('😀'.repeat(16));
    expect(() => checkNickName('😀'.repeat(17), 'x')).toThrow();
    expect(() => checkNickName('a\u0000b', 'x')).toThrow();
  });
});
