// inversify's own metadata shim, first (the app uses no decorators: every binding is a factory).
import 'reflect-metadata/lite';
import 'antd-mobile/es/global';
import './ui/app/styles.css';
// The low-version style for iOS below 15 (html.ios-low): imported once, here.
import './ui/app/ios-low.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { createBrowserContainer } from './composition/browser-container.ts';
import { lazyFeatures } from './composition/lazy-features.ts';
import { homeChannelOfPath } from './core/catalogue/channels.ts';
import { HomePreload } from './core/catalogue/home-preload.ts';
import { NativeBridge } from './core/ports/native-bridge.ts';
import { AppStart } from './core/shell/app-start.ts';
import { LanguageService } from './core/language/language-service.ts';
import { ContainerProvider } from './ui/app/container-context.tsx';
import { createRoutes } from './ui/app/routes.tsx';
import { bindUi } from './ui/app/ui-bindings.ts';

declare const __API_BASE__: string;
declare const __FRAME_ORIGINS__: string;

/**
 * Resolves in a task of its own (a message to the page itself: not throttled like a timer in a hidden tab): the
 * start's steps run as a few short tasks instead of one long one, so the browser can paint and answer input
 * between them (the page may already show the server's copy of the first screen).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves once the app has put its first content in `root` and the browser has had a frame to paint it, or after
 * 3 s whatever happens (a hidden page paints no frame): the start calls the first screen does not need wait for it
 * (AppStart).
 */
function afterFirstContent(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 3000);
    const observer = new MutationObserver(() => {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(resolve, 0));
    });
    observer.observe(root, { childList: true });
  });
}

async function start(rootElement: HTMLElement): Promise<void> {
  const features = lazyFeatures(() => import('./composition/browser-features.ts').then((m) => m.bindBrowserFeatures));
  const { routes, patchRoutesOnNavigation } = createRoutes(features.ready);
  const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
  await nextTask();
  const container = createBrowserContainer(router, { apiBase: __API_BASE__, frameOrigins: __FRAME_ORIGINS__ });
  features.attach(container);
  bindUi(container);
  container.get<NativeBridge>(NativeBridge);
  await nextTask();
  const root = createRoot(rootElement);
  // As a transition: React renders the first tree in slices that yield to the browser, rather than in one long
  // task (the page already shows its copy of the first screen; the real one replaces it in one commit).
  startTransition(() =>
    root.render(
      <ContainerProvider container={container}>
        <RouterProvider router={router} />
      </ContainerProvider>,
    ),
  );
  void container.get(AppStart).run({ after: afterFirstContent(rootElement) });
  // The home route's data, asked for now (after the visitor id is made) rather than after the home screen's first
  // render; on / the page itself carries a visitor's (adapters/http/first-screen-http.ts). The home screen takes it.
  if (window.location.pathname === '/') container.get(HomePreload).start(homeChannelOfPath(window.location.pathname));
  // A stored Traditional Chinese choice: the converter's chunk loads now and converts the page as it renders.
  void container.get(LanguageService).start().catch(() => undefined);
}

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing');
void start(rootElement);
