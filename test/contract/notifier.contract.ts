import { describe, expect, it } from 'vitest';
import type { Notifier } from '../../src/core/ports/notifier.ts';

export interface DialogSeen {
  title: string;
  message: string;
  /** Button texts, left to right. */
  buttons: string[];
}

export interface NotifierHarness {
  notifier: Notifier;
  /** Resolves once a toast with exactly this text is shown; rejects if none appears. */
  toastShown(text: string): Promise<void>;
  /** The dialog on top, once one is open. */
  dialogShown(): Promise<DialogSeen>;
  /** Presses the button with this text on the dialog on top. */
  press(buttonText: string): Promise<void>;
  /** Resolves once a loading indicator with this text is shown. */
  loadingShown(text: string): Promise<void>;
  /** Resolves once no loading indicator with this text is shown. */
  loadingGone(text: string): Promise<void>;
}

/** Settles to the value, or to 'pending' if the promise has not settled after a few turns of the event loop. */
async function peek<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 20))]);
}

export function notifierContract(name: string, makeHarness: () => NotifierHarness | Promise<NotifierHarness>): void {
  describe(`Notifier contract: ${name}`, () => {
    it('shows a toast', async () => {
      const h = await makeHarness();
      h.notifier.toast('网络错误', { durationMs: 1_000, position: 'bottom' });
      await h.toastShown('网络错误');
    });

    it('shows a loading indicator until it is closed', async () => {
      const h = await makeHarness();
      const close = h.notifier.loading('正在加载');
      await h.loadingShown('正在加载');
      close();
      await h.loadingGone('正在加载');
    });

    it('shows an alert with 确定 by default and resolves once it is pressed', async () => {
      const h = await makeHarness();
      const closed = h.notifier.alert({ title: '提示', message: '该账号已在其他设备登录' });
      expect(await h.dialogShown()).toEqual({ title: '提示', message: '该账号已在其他设备登录', buttons: ['确定'] });
      expect(await peek(closed)).toBe('pending');
      await h.press('确定');
      await expect(closed).resolves.toBeUndefined();
    });

    it('shows an alert with the given button text', async () => {
      const h = await makeHarness();
      const closed = h.notifier.alert({ message: '已收到您的举报', confirmText: '我知道了' });
      expect(await h.dialogShown()).toMatchObject({ message: '已收到您的举报', buttons: ['我知道了'] });
      await h.press('我知道了');
      await closed;
    });

    it('resolves a confirm true for its confirm button', async () => {
      const h = await makeHarness();
      const answer = h.notifier.confirm({ title: '取消拉黑', message: '您已拉黑该用户，是否移出黑名单？' });
      expect(await h.dialogShown()).toEqual({ title: '取消拉黑', message: '您已拉黑该用户，是否移出黑名单？', buttons: ['取消', '确定'] });
      expect(await peek(answer)).toBe('pending');
      await h.press('确定');
      await expect(answer).resolves.toBe(true);
    });

    it('resolves a confirm false for its cancel button, with the given texts', async () => {
      const h = await makeHarness();
      const answer = h.notifier.confirm({ message: '跳转到支付页面', confirmText: '去支付', cancelText: '再想想' });
      expect(await h.dialogShown()).toMatchObject({ buttons: ['再想想', '去支付'] });
      await h.press('再想想');
      await expect(answer).resolves.toBe(false);
    });
  });
}
