import type { Container } from 'inversify';
import { PurchaseService } from '../core/vip/purchase-service.ts';
import { bindAccount } from './account-bindings.ts';
import { bindAccountScreens } from './account-screen-bindings.ts';
import { bindAccountSecurity } from './account-security-bindings.ts';
import { bindBarrageStorageCleanup } from './barrage-storage-bindings.ts';
import { bindCatalogueScreens } from './catalogue-screen-bindings.ts';
import { bindDiagnostics } from './diagnostics-bindings.ts';
import { bindFeedback } from './feedback-bindings.ts';
import { bindHelp } from './help-bindings.ts';
import { bindInvitation } from './invitation-bindings.ts';
import { bindInteractions } from './interactions-bindings.ts';
import { bindMessaging } from './messaging-bindings.ts';
import { bindMovieRequests } from './movie-requests-bindings.ts';
import { bindFocus } from './focus-bindings.ts';
import { bindPlayback } from './playback-bindings.ts';
import { bindPlayerScreen } from './player-screen-bindings.ts';
import { bindPosting } from './posting-bindings.ts';
import { bindQrLogin } from './qr-login-bindings.ts';
import { bindVotes } from './votes-bindings.ts';
import { bindSocial } from './social-bindings.ts';
import { bindTasks } from './tasks-bindings.ts';
import { bindVip } from './vip-bindings.ts';
import { bindVipRedeem } from './vip-redeem-bindings.ts';

/**
 * The features no part of the home route uses: profile and settings, account security, VIP and payments, private messaging, follows, help, feedback and
 * downloads, playback. The browser loads this module (one chunk) with the first screen other than home, or when a
 * logged-in user's message tip starts; idempotent. Barrages, gold and comments come later still (bindPlayFeatures).
 */
export function bindFeatures(container: Container): void {
  if (container.isBound(PurchaseService)) return;
  bindAccount(container);
  bindAccountScreens(container);
  bindAccountSecurity(container);
  bindQrLogin(container);
  bindInvitation(container);
  bindVip(container);
  bindVipRedeem(container);
  bindMessaging(container);
  bindInteractions(container);
  bindBarrageStorageCleanup(container);
  bindSocial(container);
  bindHelp(container);
  bindFeedback(container);
  bindPlayback(container);
  bindPlayerScreen(container);
  bindPosting(container);
  bindVotes(container);
  bindCatalogueScreens(container);
  bindDiagnostics(container);
  bindMovieRequests(container);
  bindFocus(container);
  bindTasks(container);
}
