import { Button, Layout, Menu, Result, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ConsoleAdTexts } from '../core/admin-ads/admin-ads-texts.ts';
import { ConsoleMediaTexts } from '../core/admin-media/admin-media-texts.ts';
import { ConsoleTexts, OperatorTexts } from '../core/admin-operators/admin-operators-texts.ts';
import type { ConsolePage } from '../core/shared-kernel/console-access.ts';
import { useContainer } from '../ui/app/container-context.tsx';
import type { ConsoleSessionModel } from './console-session-model.ts';
import { ConsoleSession } from './console-tokens.ts';

/** The console's pages in its menu, with the page each is (who may open it: operator-rules.ts). */
const PAGES: { path: string; page: ConsolePage; label: string }[] = [
  { path: '/admin', page: 'overview', label: ConsoleTexts.overview },
  { path: '/admin/sessions', page: 'sessions', label: ConsoleTexts.sessions },
  { path: '/admin/media', page: 'media', label: ConsoleMediaTexts.page },
  { path: '/admin/ads', page: 'ads', label: ConsoleAdTexts.page },
  { path: '/admin/operators', page: 'operators', label: ConsoleTexts.operators },
  { path: '/admin/audit', page: 'audit', label: ConsoleTexts.audit },
];

function useConsoleSession(): ConsoleSessionModel {
  return useContainer().get<ConsoleSessionModel>(ConsoleSession);
}

/** The frame of the signed-in console: the menu of the pages the role may open, who is signed in, 退出登录. */
export const ConsoleLayout = observer(function ConsoleLayout() {
  const session = useConsoleSession();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!session.checked) void session.check();
  }, [session]);
  if (!session.checked) return <Spin size="large" className="console-loading" />;
  if (session.failed) return <Result status="error" title={ConsoleTexts.loadFailed} extra={<Button onClick={() => void session.check()}>{ConsoleTexts.retry}</Button>} />;
  const operator = session.operator;
  if (operator === null) return <Navigate to={`/admin/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  const pages = PAGES.filter((one) => session.mayOpen(one.page));
  return (
    <Layout className="console">
      <Layout.Sider width={208} theme="light" className="console__sider">
        <div className="console__brand">{ConsoleTexts.brand}</div>
        <Menu
          mode="inline"
          data-testid="console-menu"
          selectedKeys={[location.pathname]}
          items={pages.map((one) => ({ key: one.path, label: one.label }))}
          onClick={({ key }) => void navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console__header">
          <span data-testid="console-operator">
            {operator.name}（{OperatorTexts.roles[operator.role]}）
          </span>
          <Button data-testid="console-sign-out" onClick={() => void session.signOut()}>
            {ConsoleTexts.signOut}
          </Button>
        </Layout.Header>
        <Layout.Content className="console__content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
});

/** A page the role may not open: the console says so (the server refuses its calls as well). */
export const ConsoleGuardedPage = observer(function ConsoleGuardedPage({ page, children }: { page: ConsolePage; children: React.ReactNode }) {
  const session = useConsoleSession();
  if (!session.mayOpen(page)) return <Result status="403" title={ConsoleTexts.forbidden} subTitle={ConsoleTexts.forbiddenHint} data-testid="console-forbidden" />;
  return <>{children}</>;
});

/** 概览: who is signed in, and what they may open. */
export const OverviewScreen = observer(function OverviewScreen() {
  const session = useConsoleSession();
  const operator = session.operator;
  if (!operator) return null;
  return <Result status="info" title={ConsoleTexts.welcome(operator.name, OperatorTexts.roles[operator.role])} data-testid="console-overview" />;
});

export function ConsoleNotFound() {
  const navigate = useNavigate();
  return <Result status="404" title={ConsoleTexts.notFound} extra={<Button onClick={() => void navigate('/admin')}>{ConsoleTexts.backHome}</Button>} />;
}
