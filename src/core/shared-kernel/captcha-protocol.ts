/**
 * The image captcha, as the reference server and the client both speak it (declared once,
 * src/core/request/protocol.ts): one GET answers an id and a picture (an SVG data URL) of a few characters; a call
 * that needs a captcha sends `captchaId` and `captchaCode`. Used by login (after a few failures for one account) and
 * meant for password recovery too; in the shared kernel because the session's calls carry its fields and codes.
 * The app's CaptchaService sends it, the reference server (server/captcha/routes.ts) serves it, the fake
 * (adapters/http/fake-login-api.ts) answers it.
 */
import { check, object, pipe, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';

/** Answer codes: past a few failures an account's login asks for a captcha; a wrong, used or expired one is refused. */
export const CaptchaRet = {
  Required: 1007,
  Wrong: 1008,
} as const;

export const CaptchaRules = {
  /** Characters drawn: no vowels (no words), none of the look-alikes 0 O 1 I L 2 Z 5 S 8 B 6 G U Y Q. */
  alphabet: 'CDFHJKMNPRTVWX3479',
  length: 5,
  /** How long an answer stays good (one use only). */
  lifetimeMs: 5 * 60 * 1000,
  /** Picture size, CSS pixels. */
  width: 150,
  height: 50,
} as const;

/** The field names a captcha travels in. */
export const CaptchaFields = {
  id: 'captchaId',
  code: 'captchaCode',
} as const;

/**
 * What {@link CaptchaCalls.challenge} answers: an id, the picture (`data:image/svg+xml;base64,…`) and the seconds the
 * answer stays good. Without an id and an image data URL it is unreadable.
 */
const captchaChallenge = object({
  id: wire.key,
  image: pipe(
    wire.text,
    check((image) => image.startsWith('data:image/'), 'no image data URL'),
  ),
  expiresIn: wire.whole,
});

export type CaptchaChallenge = InferOutput<typeof captchaChallenge>;

export const CaptchaCalls = {
  /** A new captcha to answer; 1005 获取验证码过于频繁 past 60 from one address within 15 minutes. Anyone may ask. */
  challenge: call({ method: 'GET', path: '/api/Captcha/Get', carrier: 'query', params: {}, answer: captchaChallenge }),
} as const;

/** A typed answer as the server compares it: trimmed, upper case. */
export function normalizeCaptchaCode(code: string): string {
  return code.trim().toUpperCase();
}
