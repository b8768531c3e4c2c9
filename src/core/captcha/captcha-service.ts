import type { ApiClient } from '../request/api-client.ts';
import { recordOf, textOf, wholeOf } from '../request/answer-values.ts';
import { CaptchaCalls, type CaptchaChallenge } from '../shared-kernel/captcha-protocol.ts';

/** The image captcha use case: fetches a new picture to answer (login after failures; password recovery later). */
export class CaptchaService {
  constructor(private readonly api: ApiClient) {}

  /** A new captcha, or null when none could be had (the caller offers to try again; no toast is shown). */
  async fetch(): Promise<CaptchaChallenge | null> {
    try {
      return parseChallenge(await this.api.request(CaptchaCalls.challenge, {}, { suppressTips: true }));
    } catch {
      return null;
    }
  }
}

/** Checks the challenge's data: null unless it holds an id and an image data URL. */
function parseChallenge(data: unknown): CaptchaChallenge | null {
  const fields = recordOf(data);
  if (!fields) return null;
  const id = textOf(fields.id);
  const image = textOf(fields.image);
  if (!id || !image.startsWith('data:image/')) return null;
  return { id, image, expiresIn: wholeOf(fields.expiresIn) };
}
