import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router-dom';
import { PageStack } from '../shell/page-stack.tsx';
import { ShellModel } from '../shell/shell-view-model.ts';
import { TabBar } from '../shell/tab-bar.tsx';
import { MiniPlayerSlot } from '../shell/mini-player-slot.tsx';
import { installPageGuardsOnce } from '../shell/touch-guard.ts';
import { StartAd } from '../ads/start-ad.tsx';
import { OpenAppPopup } from '../open-app/open-app-popup.tsx';
import { LazyMessageTip } from '../messaging/lazy-message-tip.tsx';
import '../shell/shell.css';
import { pageTitle } from './brand.ts';
import { dropFirstScreenMarkup } from './first-screen-markup.ts';
import { useViewModel } from './container-context.tsx';
import type { RouteHandle } from './route-handle.ts';

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
  const handle = [...matches].reverse().map((m) => m.handle as RouteHandle | undefined).find((h) => h?.title || h?.route);
  const route = handle?.route;
  const title = handle?.title;
  const noTitle = route?.noTitle === true;
  const tabBar = route?.tabBar === true;

  const vm = useViewModel(ShellModel);

  useEffect(() => {
    installPageGuardsOnce(document);
    return vm.opened();
  }, [vm]);

  useLayoutEffect(() => {
    vm.routeChanged(location.pathname, tabBar);
  }, [vm, location.pathname, tabBar]);

  // The page's static copy of home's first screen is the home screen's to remove; on any other route, here.
  const home = route?.startCore === true;
  useLayoutEffect(() => {
    if (!home) dropFirstScreenMarkup();
  }, [home]);

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
      <MiniPlayerSlot path={location.pathname} />
      <LazyMessageTip path={location.pathname} />
      <StartAd />
    </div>
  );
}
