import { randomBytes } from 'node:crypto';
import { normalizeCaptchaCode } from '../../src/core/shared-kernel/captcha-protocol.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Captcha answers in the database (table captchas), so several server processes agree. An answer is good for
 * `lifetimeMs` and once: consuming deletes it whether the typed code was right or not, so one picture allows one guess.
 */
export class CaptchaStore {
  constructor(
    private readonly db: Queryable,
    private readonly lifetimeMs: number,
  ) {}

  /** Keeps an answer; returns the new captcha's id. Expired answers are cleared on the way. */
  async create(answer: string, now: number): Promise<string> {
    const id = randomBytes(18).toString('base64url');
    await this.db.query('DELETE FROM captchas WHERE expires_at <= $1', [new Date(now)]);
    await this.db.query('INSERT INTO captchas (id, answer, expires_at) VALUES ($1, $2, $3)', [
      id, normalizeCaptchaCode(answer), new Date(now + this.lifetimeMs),
    ]);
    return id;
  }

  /** True when `code` answers the captcha `id` (any case, spaces around ignored) before it expired; the captcha is used up either way. */
  async consume(id: string, code: string, now: number): Promise<boolean> {
    if (id === '' || id.length > 64) return false;
    const rows = await this.db.query<{ answer: string; expires_at: Date }>(
      'DELETE FROM captchas WHERE id = $1 RETURNING answer, expires_at',
      [id],
    );
    const row = rows[0];
    return row !== undefined && row.expires_at.getTime() > now && row.answer === normalizeCaptchaCode(code);
  }
}
