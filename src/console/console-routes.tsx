import type { RouteObject } from 'react-router-dom';
import { ScreenScope } from '../ui/app/container-context.tsx';
import { AdsScreen } from './ads-screen.tsx';
import { AuditScreen } from './audit-screen.tsx';
import { ConsoleGuardedPage, ConsoleLayout, ConsoleNotFound, OverviewScreen } from './console-layout.tsx';
import { MediaScreen } from './media-screen.tsx';
import { OperatorsScreen } from './operators-screen.tsx';
import { SessionsScreen } from './sessions-screen.tsx';
import { SignInScreen } from './sign-in-screen.tsx';

/** The console's routes: /admin/login, then the signed-in frame with its pages. */
export const consoleRoutes: RouteObject[] = [
  {
    path: '/admin/login',
    element: (
      <ScreenScope>
        <SignInScreen />
      </ScreenScope>
    ),
  },
  {
    path: '/admin',
    element: <ConsoleLayout />,
    children: [
      { index: true, element: <OverviewScreen /> },
      {
        path: 'sessions',
        element: (
          <ScreenScope>
            <ConsoleGuardedPage page="sessions">
              <SessionsScreen />
            </ConsoleGuardedPage>
          </ScreenScope>
        ),
      },
      {
        path: 'media',
        element: (
          <ScreenScope>
            <ConsoleGuardedPage page="media">
              <MediaScreen />
            </ConsoleGuardedPage>
          </ScreenScope>
        ),
      },
      {
        path: 'ads',
        element: (
          <ScreenScope>
            <ConsoleGuardedPage page="ads">
              <AdsScreen />
            </ConsoleGuardedPage>
          </ScreenScope>
        ),
      },
      {
        path: 'operators',
        element: (
          <ScreenScope>
            <ConsoleGuardedPage page="operators">
              <OperatorsScreen />
            </ConsoleGuardedPage>
          </ScreenScope>
        ),
      },
      {
        path: 'audit',
        element: (
          <ScreenScope>
            <ConsoleGuardedPage page="audit">
              <AuditScreen />
            </ConsoleGuardedPage>
          </ScreenScope>
        ),
      },
      { path: '*', element: <ConsoleNotFound /> },
    ],
  },
];
