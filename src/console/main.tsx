// The operator console's entry (/admin, built on its own into dist/admin: the phone app never loads it).
import 'reflect-metadata/lite';
import 'antd/dist/reset.css';
import './console.css';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RouterNavigator } from '../../adapters/navigator/router-navigator.ts';
import { createConsoleContainer } from '../composition/console-container.ts';
import { ContainerProvider } from '../ui/app/container-context.tsx';
import { consoleRoutes } from './console-routes.tsx';

// Dates (the ads' schedule picker) in Chinese.
dayjs.locale('zh-cn');
// antd's message and modal (the notifier) render outside the tree: in Chinese as well.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider locale={zhCN}>{children}</ConfigProvider> });

const router = createBrowserRouter(consoleRoutes);
const container = createConsoleContainer(new RouterNavigator(router));
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <ConfigProvider locale={zhCN}>
      <ContainerProvider container={container}>
        <RouterProvider router={router} />
      </ContainerProvider>
    </ConfigProvider>,
  );
}
