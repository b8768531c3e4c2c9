import type { ApiClient } from '../request/api-client.ts';
import { CaptchaCalls, type CaptchaChallenge } from '../shared-kernel/captcha-protocol.ts';

/** The image captcha use case: fetches a new picture to answer (login after failures; password recovery later). */
export class CaptchaService {
  constructor(private readonly api: ApiClient) {}

  /** A new captcha, or null when none could be had (the caller offers to try again; no toast is shown). */
  async fetch(): Promise<CaptchaChallenge | null> {
    try {
      return await this.api.request(CaptchaCalls.challenge, {}, { suppressTips: true });
    } catch {
      return null;
    }
  }
}
