import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useBlocker, useLocation, useMatches } from 'react-router-dom';
import { BRAND } from '../app/brand.ts';
import { useViewModel } from '../app/container-context.tsx';
import type { RouteHandle } from '../app/route-handle.ts';
import { OpenAppModel } from './open-app-view-model.ts';
import './open-app.css';

/**
 * The open-the-app popup, mounted once by the app shell above the pages: shown by ?openApp=1 or by the "APP内打开" strip. The strip is a slim banner in the page flow at the top of the tab pages, in a
 * plain phone browser only (offersOpenApp): it takes its own room above the page, so it never lies over
 * anything else (docs/decisions.md, "The open-app offer is a strip in the page flow"). While the popup shows,
 * navigation is blocked and the blocked navigation closes it.
 */
export const OpenAppPopup = observer(function OpenAppPopup() {
  const vm = useViewModel(OpenAppModel);
  const location = useLocation();
  const matches = useMatches();
  const tabPage = matches.some((match) => (match.handle as RouteHandle | undefined)?.route?.tabBar === true);
  const blocker = useBlocker(vm.visible);

  useEffect(() => {
    vm.routeEntered(Object.fromEntries(new URLSearchParams(location.search)));
  }, [vm, location.pathname, location.search]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    vm.navigationBlocked();
    blocker.reset();
  }, [vm, blocker]);

  return (
    <>
      {vm.offerButton && tabPage ? (
        <aside className="open-app-strip" aria-label="APP内打开">
          <img className="open-app-strip__icon" src="/favicon.svg" alt="" />
          <span className="open-app-strip__text">{BRAND}APP，观看更流畅</span>
          <button type="button" className="open-app-strip__open" onClick={vm.buttonTapped}>
            APP内打开
          </button>
        </aside>
      ) : null}
      {vm.visible ? (
        <div className="open-app-popup" role="dialog" aria-label="打开APP">
          <img className="open-app-popup__icon" src="/favicon.svg" alt="" />
          <div className="open-app-popup__text">
            <div className="open-app-popup__title">{BRAND}APP</div>
            <div className="open-app-popup__desc">打开APP，观看更流畅</div>
          </div>
          <button type="button" className="open-app-popup__open" onClick={vm.openTapped}>
            打开APP
          </button>
          <button type="button" className="open-app-popup__close" aria-label="关闭" onClick={vm.closeTapped}>
            ×
          </button>
        </div>
      ) : null}
    </>
  );
});
