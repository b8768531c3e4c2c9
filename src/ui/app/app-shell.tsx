import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';
import { NativeBridge } from '../../core/ports/native-bridge.ts';
import { Navigator } from '../../core/ports/navigator.ts';
import { UserSession } from '../../core/session/user-session.ts';
import { RouteTrail } from '../../core/shell/back-rule.ts';
import { GlobalTimer } from '../../core/shell/global-timer.ts';
import { RechargeActivityService } from '../../core/shell/recharge-activity.ts';
import { UnreadCountService } from '../../core/shell/unread-count.ts';
import { isIosSafari } from '../../core/shell/user-agent.ts';
import { VipIconMachine } from '../../core/shell/vip-icon.ts';
import { PageStack } from '../shell/page-stack.tsx';
import { ShellViewModel } from '../shell/shell-view-model.ts';
import { TabBar } from '../shell/tab-bar.tsx';
import { installPageGuardsOnce } from '../shell/touch-guard.ts';
import { StartAd } from '../ads/start-ad.tsx';
import { OpenAppPopup } from '../open-app/open-app-popup.tsx';
import { LazyMessageTip } from '../messaging/lazy-message-tip.tsx';
import { UnreadCounter } from '../../core/messaging/unread-counter.ts';
import '../shell/shell.css';
import { pageTitle } from './brand.ts';
import { useContainer, useViewModel } from './container-context.tsx';
import type { RouteHandle } from './route-handle.ts';
import { SessionModel } from './session-model.ts';

/** Depth of a page outside the route table (the not-found page): one level below the root pages. */
const UNLISTED_DEPTH = 1;

/**
 * The frame around every screen: page title, tab bar, kept-alive pages, page transitions, the route trail
 * for the back button, the touch guard and the global timer.
 */
export function AppShell() {
  const matches = useMatches();
  const location = useLocation();
  const outlet = useOutlet();
  const container = useContainer();
  const handle = [...matches].reverse().map((m) => m.handle as RouteHandle | undefined).find((h) => h?.title || h?.route);
  const route = handle?.route;
  const title = handle?.title;
  const noTitle = route?.noTitle === true;
  const tabBar = route?.tabBar === true;

  const vm = useViewModel(
    (c) =>
      new ShellViewModel({
        session: c.get(SessionModel),
        userSession: c.get(UserSession),
        icon: c.get(VipIconMachine),
        activity: c.get(RechargeActivityService),
        unread: c.get(UnreadCountService),
        timer: c.get(GlobalTimer),
        navigator: c.get<Navigator>(Navigator),
        iosSafari: isIosSafari(window.navigator.userAgent) && c.get<NativeBridge>(NativeBridge).platform() === 'none',
        counter: c.get(UnreadCounter),
      }),
  );

  useEffect(() => {
    installPageGuardsOnce(document);
    return vm.start();
  }, [vm]);

  useLayoutEffect(() => {
    container.get(RouteTrail).visit(location.pathname);
    vm.routeChanged(location.pathname, tabBar);
  }, [container, vm, location.pathname, tabBar]);

  useEffect(() => {
    if (!noTitle) document.title = pageTitle(title);
  }, [title, noTitle]);

  return (
    <div className={tabBar ? 'app app--tab-bar' : 'app'}>
      {/* First: the open-app strip it holds is part of the page flow, above the page. */}
      <OpenAppPopup />
      <PageStack
        outlet={outlet}
        path={location.pathname}
        entryKey={location.key}
        cacheable={route?.cacheable === true}
        depth={route?.depth ?? UNLISTED_DEPTH}
      />
      {tabBar ? <TabBar vm={vm} onScrollTop={() => window.scrollTo({ top: 0, behavior: 'smooth' })} /> : null}
      <LazyMessageTip path={location.pathname} />
      <StartAd />
    </div>
  );
}
