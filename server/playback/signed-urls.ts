import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock.ts';

/** How long a play address stays valid. */
export const PLAY_URL_LIFETIME_SECONDS = 6 * 60 * 60;

const TOKEN_PATTERN = /^([0-9a-z]{1,12})-([A-Za-z0-9_-]{22})$/;
const KEY_CONTEXT = 'qiyu playback url v1';

/**
 * Signs and checks the token path segment of play addresses (`/vod/<token>/clip-a/master.m3u8`,
 * `/live/<token>/<channel>/index.m3u8`). A token is `<expiry in base 36>-<128-bit HMAC>` over the
 * scope (the clip or `live:<channel>`) and the expiry, with a key derived from the session secret.
 * Being a path segment, HLS relative URLs (renditions, segments) carry it along.
 */
export class PlayUrlSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly clock: Clock,
    private readonly lifetimeSeconds: number = PLAY_URL_LIFETIME_SECONDS,
  ) {
    this.key = createHmac('sha256', secret).update(KEY_CONTEXT).digest();
  }

  private mac(scope: string, expiry: number): string {
    return createHmac('sha256', this.key).update(`${scope}\n${expiry}`).digest().subarray(0, 16).toString('base64url');
  }

  /** A token for `scope`, valid for the lifetime from now. */
  sign(scope: string): string {
    const expiry = Math.floor(this.clock.now() / 1000) + this.lifetimeSeconds;
    return `${expiry.toString(36)}-${this.mac(scope, expiry)}`;
  }

  /** Seconds the token stays valid for `scope` (at least 1), or undefined when forged, malformed or expired. */
  remainingSeconds(token: string, scope: string): number | undefined {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return undefined;
    const expiry = parseInt(match[1] ?? '', 36);
    const given = Buffer.from(match[2] ?? '');
    const expected = Buffer.from(this.mac(scope, expiry));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const remaining = expiry - Math.floor(this.clock.now() / 1000);
    return remaining > 0 ? remaining : undefined;
  }
}
