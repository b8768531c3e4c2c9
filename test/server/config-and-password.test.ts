import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT_PARAMS, PasswordHasher } from '../../server/auth/password.ts';
import { ConfigError, readConfig } from '../../server/config.ts';
import { checkNickName } from '../../server/login/credentials.ts';
import { formatDate } from '../../server/user/user-view.ts';
import { TEST_SCRYPT } from './support.ts';

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
      scrypt: DEFAULT_SCRYPT_PARAMS,
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
  ])('refuses %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(TEST_SCRYPT);

  it('stores a self-describing scrypt hash with a random salt', async () => {
    const hash = await hasher.hash('pass1234');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    expect(await hasher.hash('pass1234')).not.toBe(hash);
  });

  it('verifies the right password only', async () => {
    const hash = await hasher.hash('pass1234');
    expect(await hasher.verify('pass1234', hash)).toBe(true);
    expect(await hasher.verify('pass12345', hash)).toBe(false);
    expect(await hasher.verify('', hash)).toBe(false);
  });

  it('verifies hashes made with other cost parameters', async () => {
    const stronger = new PasswordHasher({ N: 2048, r: 4, p: 2 });
    const hash = await stronger.hash('密码pass');
    expect(hash.startsWith('scrypt$2048$4$2$')).toBe(true);
    expect(await hasher.verify('密码pass', hash)).toBe(true);
  });

  it('refuses unreadable or absurd stored hashes instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1024$8$1$c2FsdA==', 'bcrypt$1$2$3$4$5', 'scrypt$1000$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==',
      'scrypt$4194304$8$1$c2FsdHNhbHQ=$aGFzaGhhc2hoYXNoaGFzaA==']) {
      expect(await hasher.verify('x', stored), stored).toBe(false);
    }
    expect(await hasher.verifyDummy('anything')).toBe(false);
  });

  it('refuses invalid parameters', () => {
    expect(() => new PasswordHasher({ N: 1000, r: 8, p: 1 })).toThrow();
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
