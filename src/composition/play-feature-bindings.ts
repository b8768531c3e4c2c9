import type { Container } from 'inversify';
import { GoldService } from '../core/gold/gold-service.ts';
import { bindBarrage } from './barrage-bindings.ts';
import { bindGold } from './gold-bindings.ts';
import { bindVideoSocial } from './video-social-bindings.ts';

/**
 * Barrages, gold (and the play ads) and comments: used only by the play screen and /myGold, so those screens bind
 * them when they load and the services stay out of the home route's first JavaScript. Idempotent; the headless
 * core binds them at once.
 */
export function bindPlayFeatures(container: Container): void {
  if (container.isBound(GoldService)) return;
  bindBarrage(container);
  bindGold(container);
  bindVideoSocial(container);
}
