import { createElement } from 'react';
import type { AppRoute } from '../route-table.ts';

/** Login, registration and the account-recovery routes. */
export const authRoutes: AppRoute[] = [
  {
    path: '/login',
    title: '登录',
    depth: 1,
    // The login form with the QR-code login beside it: the two features meet here, not in each other.
    load: () =>
      Promise.all([import('../../login/login-screen.tsx'), import('../../qr-login/qr-login-screens.tsx')]).then(([login, qr]) => ({
        default: function LoginWithQrCode() {
          return createElement(login.LoginScreen, { aside: createElement(qr.QrLoginPanel) });
        },
      })),
  },
  { path: '/register', title: '注册', depth: 2, load: () => import('../../login/register-screen.tsx').then((m) => ({ default: m.RegisterScreen })) },
  { path: '/setPassword', title: '修改密码', depth: 3, load: () => import('../../account-security/account-security-screens.tsx').then((m) => ({ default: m.SetPasswordScreen })) },
  { path: '/retrievePassword', title: '找回密码', depth: 2, load: () => import('../../account-security/password-recovery-screens.tsx').then((m) => ({ default: m.RetrievePasswordScreen })) },
  { path: '/retrievePasswordImg', title: '找回密码', depth: 3, load: () => import('../../account-security/password-recovery-screens.tsx').then((m) => ({ default: m.RetrievePasswordImgScreen })) },
  { path: '/retrievePasswordCode', title: '找回密码', depth: 4, load: () => import('../../account-security/password-recovery-screens.tsx').then((m) => ({ default: m.RetrievePasswordCodeScreen })) },
  { path: '/resetPassword', title: '重置密码', depth: 5, load: () => import('../../account-security/password-recovery-screens.tsx').then((m) => ({ default: m.ResetPasswordScreen })) },
  { path: '/countryList', title: '选择国家和地区', depth: 3, load: () => import('../../account-security/binding-screens.tsx').then((m) => ({ default: m.CountryListScreen })) },
  { path: '/countryStateList', title: '选择地区', depth: 4, load: () => import('../../region/country-state-list-screen.tsx').then((m) => ({ default: m.CountryStateListScreen })) },
  { path: '/authorizeLogin', title: '授权登录', depth: 2, load: () => import('../../qr-login/qr-login-screens.tsx').then((m) => ({ default: m.AuthorizeLoginScreen })) },
  { path: '/scanCode', title: '扫一扫', depth: 2, load: () => import('../../qr-login/qr-login-screens.tsx').then((m) => ({ default: m.ScanCodeScreen })) },
  { path: '/scanCodeResult', title: '扫码结果', depth: 3, load: () => import('../../qr-login/qr-login-screens.tsx').then((m) => ({ default: m.ScanCodeResultScreen })) },
];
