import { CaptchaCalls, CaptchaRules } from '../../src/core/shared-kernel/captcha-protocol.ts';
import { CaptchaTexts } from '../../src/core/shared-kernel/captcha-texts.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret } from '../http/ret.ts';
import { CAPTCHAS_PER_IP } from '../rate-limit/rate-limiter.ts';
import { captchaDataUrl, randomCaptchaAnswer, renderCaptchaSvg } from './captcha-image.ts';
import { CaptchaStore } from './captcha-repository.ts';

/** The image captcha any page may ask for (login after failures; password recovery later). */
export function registerCaptchaRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, limiter } = services;
  const store = new CaptchaStore(db, CaptchaRules.lifetimeMs);

  /** A new captcha: {id, image (SVG data URL), expiresIn (s)}. 60 per address per 15 minutes. */
  serve(api, CaptchaCalls.challenge, 'none', async ({ request, reply }) => {
    if ((await limiter.claim(CAPTCHAS_PER_IP, request.ip)) === null) throw new ApiError(Ret.TooManyAttempts, CaptchaTexts.TooMany);
    const answer = randomCaptchaAnswer();
    const id = await store.create(answer, clock.now());
    void reply.header('cache-control', 'no-store');
    return { id, image: captchaDataUrl(renderCaptchaSvg(answer)), expiresIn: CaptchaRules.lifetimeMs / 1000 };
  });
}
