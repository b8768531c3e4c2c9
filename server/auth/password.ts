import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, parseOptions as argon2Options, verify as argon2Verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/** argon2id cost: memory in KiB, passes, lanes. Stored in each PHC string, so they can change without breaking old hashes. */
export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's password storage cheat sheet (2025): argon2id, m=19456 KiB (19 MiB), t=2, p=1. */
export const DEFAULT_ARGON2_PARAMS: Argon2Params = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Legacy scrypt cost parameters (hashes made before argon2id: `scrypt$N$r$p$saltB64$hashB64`). */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 16384, r: 8, p: 1 };

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2 as Algorithm;
const ARGON2ID_PREFIX = '$argon2id$';
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SCRYPT_PREFIX = 'scrypt';

function scryptAsync(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 2 && (n & (n - 1)) === 0;
}

function validScryptParams(params: ScryptParams): boolean {
  return isPowerOfTwo(params.N) && params.N <= 2 ** 20
    && Number.isInteger(params.r) && params.r >= 1 && params.r <= 32
    && Number.isInteger(params.p) && params.p >= 1 && params.p <= 16;
}

function validArgon2Params(params: Argon2Params): boolean {
  return Number.isInteger(params.memoryCost) && params.memoryCost >= 8 * params.parallelism && params.memoryCost <= 1024 * 1024
    && Number.isInteger(params.timeCost) && params.timeCost >= 1 && params.timeCost <= 10
    && Number.isInteger(params.parallelism) && params.parallelism >= 1 && params.parallelism <= 16;
}

interface ParsedScrypt {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function parseScrypt(stored: string): ParsedScrypt | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCRYPT_PREFIX) return null;
  const [, n, r, p, salt, hash] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!validScryptParams(params) || salt === undefined || hash === undefined) return null;
  const saltBytes = Buffer.from(salt, 'base64');
  const hashBytes = Buffer.from(hash, 'base64');
  if (saltBytes.length === 0 || hashBytes.length < 16) return null;
  return { params, salt: saltBytes, hash: hashBytes };
}

/** The argon2 cost a PHC string names, or null when it is not a readable argon2id hash within sane bounds. */
function argon2ParamsOf(stored: string): Argon2Params | null {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return null;
  try {
    const { memoryCost, timeCost, parallelism } = argon2Options(stored);
    const params = { memoryCost, timeCost, parallelism };
    return validArgon2Params(params) ? params : null;
  } catch {
    return null;
  }
}

/**
 * A scrypt hash in the old stored form. Only for tests and tools that need an account as it was before
 * argon2id; new passwords are always hashed with argon2id.
 */
export async function legacyScryptHash(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  if (!validScryptParams(params)) throw new Error('Invalid scrypt parameters');
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_BYTES, params);
  return [SCRYPT_PREFIX, params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * Hashes passwords with argon2id (the standard PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`) and verifies
 * both those and the older `scrypt$N$r$p$salt$hash` hashes; needsRehash tells which stored hashes to replace.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly params: Argon2Params = DEFAULT_ARGON2_PARAMS) {
    if (!validArgon2Params(params)) throw new Error('Invalid argon2 parameters');
  }

  async hash(password: string): Promise<string> {
    return argon2Hash(password, { ...this.params, algorithm: ARGON2ID, outputLen: KEY_BYTES });
  }

  /** False for a wrong password or an unreadable stored hash. */
  async verify(password: string, stored: string): Promise<boolean> {
    if (argon2ParamsOf(stored) !== null) {
      try {
        return await argon2Verify(stored, password);
      } catch {
        return false;
      }
    }
    const parsed = parseScrypt(stored);
    if (parsed === null) return false;
    const key = await scryptAsync(password, parsed.salt, parsed.hash.length, parsed.params);
    return timingSafeEqual(key, parsed.hash);
  }

  /** True when a stored hash is not argon2id at this hasher's cost (an old scrypt hash, or another cost): replace it at the next login. */
  needsRehash(stored: string): boolean {
    const params = argon2ParamsOf(stored);
    return params === null
      || params.memoryCost !== this.params.memoryCost
      || params.timeCost !== this.params.timeCost
      || params.parallelism !== this.params.parallelism;
  }

  /** Spends the same time as a real check (argon2id at this hasher's cost); used for unknown accounts so timing reveals nothing. */
  async verifyDummy(password: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('base64'));
    await this.verify(password, await this.dummyHash);
    return false;
  }
}
