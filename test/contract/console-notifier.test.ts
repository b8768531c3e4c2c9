// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { createElement } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { AntdConsoleNotifier } from '../../adapters/notifier/antd-console-notifier.ts';
import { text, waitFor } from './dom-wait.ts';
import { notifierContract, type DialogSeen } from './notifier.contract.ts';

/** The operator console's notifier (antd 6 message and modal) against the Notifier contract, in happy-dom. */
const openDialogs = () => [...document.querySelectorAll('.ant-modal-confirm')].filter((dialog) => dialog.closest('.ant-modal-wrap')?.getAttribute('style')?.includes('display: none') !== true);
const topDialog = () => openDialogs().at(-1);

beforeAll(() => {
  // happy-dom runs no CSS transitions, so antd's closing animations would never end: without motion a closed dialog
  // leaves the page at once (as it does in a browser once its animation ends).
  ConfigProvider.config({ holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children) });
});
afterEach(async () => {
  await waitFor(() => openDialogs().length === 0);
});

notifierContract('AntdConsoleNotifier in happy-dom', () => ({
  notifier: new AntdConsoleNotifier(),
  async toastShown(wanted) {
    await waitFor(() => [...document.querySelectorAll('.ant-message-notice-title')].some((toast) => text(toast) === wanted));
  },
  async dialogShown(): Promise<DialogSeen> {
    const dialog = await waitFor(() => topDialog()?.querySelector('.ant-modal-confirm-btns button') && topDialog());
    return {
      title: text(dialog.querySelector('.ant-modal-confirm-title')),
      message: text(dialog.querySelector('.ant-modal-confirm-content')),
      buttons: [...dialog.querySelectorAll('.ant-modal-confirm-btns button')].map((button) => text(button).replace(/\s+/g, '')),
    };
  },
  async loadingShown(wanted) {
    await waitFor(() => [...document.querySelectorAll('.ant-message-notice-title')].some((toast) => text(toast) === wanted && toast.parentElement?.querySelector('.anticon-loading')));
  },
  async loadingGone(wanted) {
    await waitFor(() => ![...document.querySelectorAll('.ant-message-notice-title')].some((toast) => text(toast) === wanted));
  },
  async press(buttonText) {
    const dialog = await waitFor(() => topDialog());
    const button = [...dialog.querySelectorAll('.ant-modal-confirm-btns button')].find((candidate) => text(candidate).replace(/\s+/g, '') === buttonText);
    if (!button) throw new Error(`no button ${buttonText}`);
    (button as HTMLElement).click();
  },
}));
