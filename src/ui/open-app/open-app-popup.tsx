import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useBlocker, useLocation, useMatches } from 'react-router-dom';
import { OpenAppController } from '../../core/open-app/open-app.ts';
import { NativeBridge } from '../../core/ports/native-bridge.ts';
import { BRAND } from '../app/brand.ts';
import { useContainer, useViewModel } from '../app/container-context.tsx';
import type { RouteHandle } from '../app/app-shell.tsx';
import { OpenAppViewModel } from './open-app-view-model.ts';
import './open-app.css';

const PHONE_BROWSER = /Android|iPhone|iPad|iPod|Mobile/i;

/** For screens (the home) that offer to open the app: returns the intent that shows the popup. */
export function useOpenApp(): () => void {
  const controller = useContainer().get(OpenAppController);
  return () => controller.show();
}

/**
 * The open-the-app popup, mounted once by the app shell: shown by ?openApp=1, by useOpenApp(), or by the
 * floating "APP内打开" button on tab pages in a phone browser. While it shows, navigation is blocked and
 * the blocked navigation closes it.
 */
export const OpenAppPopup = observer(function OpenAppPopup() {
  const vm = useViewModel((container) => {
    const inApp = container.get<NativeBridge>(NativeBridge).platform() !== 'none';
    const phone = typeof navigator !== 'undefined' && PHONE_BROWSER.test(navigator.userAgent);
    return new OpenAppViewModel(container.get(OpenAppController), phone && !inApp);
  });
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
      {vm.offerButton && tabPage && !vm.visible ? (
        <button type="button" className="open-app-float" onClick={vm.buttonTapped}>
          APP内打开
        </button>
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
