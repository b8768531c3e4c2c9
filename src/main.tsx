import 'reflect-metadata';
import 'antd-mobile/es/global';
import './ui/app/styles.css';
// The low-version style for iOS below 15 (html.ios-low): imported once, here.
import './ui/app/ios-low.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AntdNotifier } from '../adapters/notifier/antd-notifier.ts';
import { createBrowserContainer } from './composition/browser-container.ts';
import { NativeBridge } from './core/ports/native-bridge.ts';
import { Notifier } from './core/ports/notifier.ts';
import { AppStart } from './core/shell/app-start.ts';
import { LanguageService } from './core/language/language-service.ts';
import { ContainerProvider } from './ui/app/container-context.tsx';
import { routes } from './ui/app/routes.tsx';
import { bindUi } from './ui/app/ui-bindings.ts';

declare const __API_BASE__: string;

const router = createBrowserRouter(routes);
const container = createBrowserContainer(router, { apiBase: __API_BASE__ });
bindUi(container);
container.get<NativeBridge>(NativeBridge);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root is missing');
createRoot(rootElement).render(
  <ContainerProvider container={container}>
    <RouterProvider router={router} />
  </ContainerProvider>,
);
void container.get(AppStart).run();
// A stored Traditional Chinese choice: the converter's chunk loads now and converts the page as it renders.
void container.get(LanguageService).start().catch(() => undefined);
// antd-mobile (toasts, dialogs) loads right after the first screen, not before it.
const notifier = container.get<Notifier>(Notifier);
if (notifier instanceof AntdNotifier) window.setTimeout(() => void notifier.preload(), 0);
