// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AntdNotifier } from '../../adapters/notifier/antd-notifier.ts';
import { installAntdReact19Render } from '../../adapters/notifier/antd-react19.ts';
import { FakeNotifier } from '../../adapters/notifier/fake-notifier.ts';
import { text, waitFor } from './dom-wait.ts';
import { notifierContract, type DialogSeen } from './notifier.contract.ts';

/** The dialog on top: the last one rendered that is still open. */
function topDialog(): Element | undefined {
  const dialogs = [...document.querySelectorAll('.adm-dialog')].filter((dialog) => (dialog as HTMLElement).style.display !== 'none');
  return dialogs[dialogs.length - 1];
}

beforeAll(async () => {
  installAntdReact19Render();
  // antd-mobile loads on a notifier's first use: loaded here, before any wait is timed (on a loaded machine its first
  // import outlasted the first toast's 2 s).
  await new AntdNotifier().preload();
}, 60_000);
afterEach(async () => {
  // Let closing animations finish and the dialogs unmount before the next test looks at the page.
  await waitFor(() => document.querySelectorAll('.adm-dialog').length === 0);
});

notifierContract('AntdNotifier in happy-dom', () => ({
  notifier: new AntdNotifier(),
  async toastShown(wanted) {
    await waitFor(() => [...document.querySelectorAll('.adm-toast-main')].some((toast) => text(toast) === wanted));
  },
  async dialogShown(): Promise<DialogSeen> {
    const dialog = await waitFor(() => topDialog()?.querySelector('.adm-dialog-button') && topDialog());
    return {
      title: text(dialog.querySelector('.adm-dialog-title')),
      message: text(dialog.querySelector('.adm-dialog-content')),
      buttons: [...dialog.querySelectorAll('.adm-dialog-button')].map((button) => text(button)),
    };
  },
  async loadingShown(wanted) {
    await waitFor(() => [...document.querySelectorAll('.adm-toast-main')].some((toast) => text(toast) === wanted && toast.querySelector('.adm-spin-loading, .adm-toast-icon')));
  },
  async loadingGone(wanted) {
    await waitFor(() => ![...document.querySelectorAll('.adm-toast-main')].some((toast) => text(toast) === wanted));
  },
  async press(buttonText) {
    const dialog = await waitFor(() => topDialog());
    const button = [...dialog.querySelectorAll('.adm-dialog-button')].find((candidate) => text(candidate) === buttonText);
    if (!button) throw new Error(`no button ${buttonText}`);
    (button as HTMLElement).click();
  },
}));

notifierContract('FakeNotifier', () => {
  const notifier = new FakeNotifier();
  return {
    notifier,
    async toastShown(wanted) {
      expect(notifier.toasts.map((toast) => toast.message)).toContain(wanted);
    },
    async dialogShown() {
      const dialog = notifier.dialogs[0];
      if (!dialog) throw new Error('no dialog open');
      const { title = '', message, confirmText = '确定' } = dialog.options;
      const cancelText = dialog.kind === 'confirm' ? (dialog.options.cancelText ?? '取消') : null;
      return { title, message, buttons: cancelText === null ? [confirmText] : [cancelText, confirmText] };
    },
    async loadingShown(wanted) {
      expect(notifier.openLoadings()).toContain(wanted);
    },
    async loadingGone(wanted) {
      expect(notifier.openLoadings()).not.toContain(wanted);
    },
    async press(buttonText) {
      const dialog = notifier.dialogs[0];
      if (!dialog) throw new Error('no dialog open');
      notifier.answer(buttonText === (dialog.options.confirmText ?? '确定'));
    },
  };
});

describe('AntdNotifier', () => {
  const toastsNamed = (wanted: string) => [...document.querySelectorAll<HTMLElement>('.adm-toast-main')].filter((toast) => text(toast) === wanted);

  it('places the toast and takes it away after its duration', async () => {
    new AntdNotifier().toast('底部提示', { durationMs: 100, position: 'bottom' });
    const [toast] = await waitFor(() => toastsNamed('底部提示').length > 0 && toastsNamed('底部提示'));
    expect(toast?.style.top).toBe('80%');
    await waitFor(() => toastsNamed('底部提示').length === 0);
  });

  it('shows one toast at a time, the latest', async () => {
    const notifier = new AntdNotifier();
    notifier.toast('第一条', { durationMs: 1_000, position: 'top' });
    notifier.toast('第二条', { durationMs: 100, position: 'center' });
    const [toast] = await waitFor(() => toastsNamed('第二条').length > 0 && toastsNamed('第二条'));
    expect(toast?.style.top).toBe('50%');
    expect(toastsNamed('第一条')).toEqual([]);
    await waitFor(() => document.querySelectorAll('.adm-toast-main').length === 0);
  });
});

describe('FakeNotifier', () => {
  it('records toasts in order and answers the oldest dialog first', async () => {
    const notifier = new FakeNotifier();
    notifier.toast('a', { durationMs: 1_000, position: 'bottom' });
    notifier.toast('b', { durationMs: 5_000, position: 'bottom' });
    expect(notifier.lastToast()).toEqual({ message: 'b', durationMs: 5_000, position: 'bottom' });
    expect(notifier.toasts.map((toast) => toast.message)).toEqual(['a', 'b']);
    const first = notifier.confirm({ message: '1' });
    const second = notifier.alert({ message: '2' });
    expect(notifier.dialogs.map((dialog) => dialog.kind)).toEqual(['confirm', 'alert']);
    notifier.answer(false);
    notifier.answer(true);
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBeUndefined();
    expect(() => notifier.answer(true)).toThrow();
  });
});
