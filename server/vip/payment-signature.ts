import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a callback's timestamp may be from the server's clock, in seconds. */
export const CALLBACK_TOLERANCE_SECONDS = 300;

/** The gateway's signing key: derived from the session secret, so no extra setting is needed. */
export function deriveGatewayKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('vip-gateway-callback-v1').digest();
}

/** `a=1&b=2` over the fields sorted by name (the `sign` field excluded). */
function canonicalFields(fields: Readonly<Record<string, string>>): string {
  return Object.keys(fields)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}=${fields[name] ?? ''}`)
    .join('&');
}

/** Hex HMAC-SHA256 of the canonical fields. */
export function signFields(key: Buffer, fields: Readonly<Record<string, string>>): string {
  return createHmac('sha256', key).update(canonicalFields(fields)).digest('hex');
}

export function isValidSignature(key: Buffer, fields: Readonly<Record<string, string>>, sign: string): boolean {
  const expected = Buffer.from(signFields(key, fields), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(sign) ? Buffer.from(sign, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
