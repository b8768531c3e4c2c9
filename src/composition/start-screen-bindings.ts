import type { Container } from 'inversify';
import { SignInTip } from '../core/account/sign-in-tip.ts';
import { CatalogueService } from '../core/catalogue/catalogue-service.ts';
import { homeChannelOfPath } from '../core/catalogue/channels.ts';
import { HomePreload } from '../core/catalogue/home-preload.ts';
import { RecommendationStore } from '../core/catalogue/recommendation-store.ts';
import { UnreadCounter } from '../core/messaging/unread-counter.ts';
import { StartAdController } from '../core/ads/start-ad.ts';
import { OpenAppController } from '../core/open-app/open-app.ts';
import { offersOpenApp } from '../core/open-app/open-app-offer.ts';
import { NativeBridge } from '../core/ports/native-bridge.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { RouteTrail } from '../core/shell/back-rule.ts';
import { GlobalTimer } from '../core/shell/global-timer.ts';
import { RechargeActivityService } from '../core/vip/recharge-activity.ts';
import { UnreadCountService } from '../core/shell/unread-count.ts';
import { isIosSafari } from '../core/shell/user-agent.ts';
import { VipIconMachine } from '../core/shared-kernel/vip-icon.ts';
import { SignInTipModel, SignInTipViewModel } from '../ui/account/sign-in-tip-view-model.ts';
import { StartAdModel, StartAdViewModel } from '../ui/ads/start-ad-view-model.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { HomeModel, HomeViewModel } from '../ui/home/home-view-model.ts';
import { AvatarModel, AvatarViewModel, BackModel, BackViewModel } from '../ui/common/common-view-models.ts';
import { OpenAppModel, OpenAppViewModel } from '../ui/open-app/open-app-view-model.ts';
import { ShellModel, ShellViewModel } from '../ui/shell/shell-view-model.ts';

/**
 * The view-models of what shows before the other features load (bindUi): the shell (its tab bar), its start ad and
 * open-app popup, home and its sign-in tip, and the nav bar's and avatars' few intents. Kept small: it is part of the home route's first JavaScript. Idempotent (the headless core binds them too).
 */
export function bindStartScreens(container: Container): void {
  if (container.isBound(StartAdModel.id)) return;
  bindViewModel(container, StartAdModel, (c) => new StartAdViewModel(c.get(StartAdController), (message) => console.warn(message)));
  bindViewModel(container, OpenAppModel, (c) => {
    // A plain phone browser is offered the app (the strip on the tab pages).
    const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
    return new OpenAppViewModel(c.get(OpenAppController), offersOpenApp(userAgent, c.get<NativeBridge>(NativeBridge).platform()));
  });
  bindViewModel(container, SignInTipModel, (c) => new SignInTipViewModel(c.get(SignInTip), c.get<Navigator>(Navigator), c.get(SessionModel)));
  bindViewModel(container, AvatarModel, (c) => new AvatarViewModel(c.get<Navigator>(Navigator)));
  bindViewModel(container, BackModel, (c) => new BackViewModel(c.get(RouteTrail)));
  bindViewModel(container, ShellModel, (c) => {
    const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
    return new ShellViewModel({
      session: c.get(SessionModel),
      userSession: c.get(UserSession),
      icon: c.get(VipIconMachine),
      activity: c.get(RechargeActivityService),
      unread: c.get(UnreadCountService),
      timer: c.get(GlobalTimer),
      navigator: c.get<Navigator>(Navigator),
      iosSafari: isIosSafari(userAgent) && c.get<NativeBridge>(NativeBridge).platform() === 'none',
      counter: c.get(UnreadCounter),
      trail: c.get(RouteTrail),
    });
  });
  bindViewModel(container, HomeModel, (c, { pathname }) =>
    new HomeViewModel(c.get(CatalogueService), c.get(RecommendationStore), c.get(SessionModel), c.get<Navigator>(Navigator), homeChannelOfPath(pathname), c.get(HomePreload)),
  );
}
