import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

/** scrypt cost parameters; stored with each hash so they can change without breaking old ones. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

function scryptAsync(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 2 && (n & (n - 1)) === 0;
}

function validParams(params: ScryptParams): boolean {
  return isPowerOfTwo(params.N) && params.N <= 2 ** 20
    && Number.isInteger(params.r) && params.r >= 1 && params.r <= 32
    && Number.isInteger(params.p) && params.p >= 1 && params.p <= 16;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [, n, r, p, salt, hash] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!validParams(params) || salt === undefined || hash === undefined) return null;
  const saltBytes = Buffer.from(salt, 'base64');
  const hashBytes = Buffer.from(hash, 'base64');
  if (saltBytes.length === 0 || hashBytes.length < 16) return null;
  return { params, salt: saltBytes, hash: hashBytes };
}

/** Hashes and verifies passwords with scrypt: `scrypt$N$r$p$saltB64$hashB64`. */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly params: ScryptParams = DEFAULT_SCRYPT_PARAMS) {
    if (!validParams(params)) throw new Error('Invalid scrypt parameters');
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await scryptAsync(password, salt, KEY_BYTES, this.params);
    const { N, r, p } = this.params;
    return [PREFIX, N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  /** False for a wrong password or an unreadable stored hash. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parseHash(stored);
    if (parsed === null) return false;
    const key = await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.params);
    return timingSafeEqual(key, parsed.hash);
  }

  /** Spends the same time as a real check; used for unknown accounts so timing reveals nothing. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash('dummy-password-for-timing');
    await this.verify(password, await this.dummyHash);
    return false;
  }
}
