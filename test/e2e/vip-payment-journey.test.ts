import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.ts';
import { afterPlacedOrder } from '../../src/core/vip/pay-flow.ts';

const { page, app, poll, shot } = useJourney();

interface ApiUser {
  id: number;
  eDate: string;
  token: Record<string, string | number>;
}

async function api(path: string, fields: Record<string, string>, user: ApiUser, method: 'GET' | 'POST' = 'GET', headers: Record<string, string> = {}) {
  const params = new URLSearchParams({ ...fields, ...Object.fromEntries(Object.entries(user.token).map(([k, v]) => [k, String(v)])), login_uid: String(user.token.uid) });
  const response =
    method === 'GET'
      ? await fetch(`${app.url}${path}?${params.toString()}`, { headers })
      : await fetch(`${app.url}${path}`, { method: 'POST', body: params, headers });
  const answer = (await response.json()) as { ret: number; msg: string; data: Record<string, unknown> };
  if (answer.ret !== 200) throw new Error(`${path}: ${answer.ret} ${answer.msg}`);
  return answer.data;
}

async function signIn(path: string, fields: Record<string, string>): Promise<ApiUser> {
  const response = await fetch(`${app.url}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
  const answer = (await response.json()) as { ret: number; msg: string; data: ApiUser };
  if (answer.ret !== 200) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/**
 * The app keeps the user in local storage `user` (user-session.ts). It is written from a server page of the
 * same origin (the sandbox gateway's 订单不存在), where no app is running that could write it back.
 */
async function useUser(user: ApiUser) {
  await page.goto(`${app.url}/sandbox/gateway`);
  await page.evaluate((json) => localStorage.setItem('user', json), JSON.stringify(user));
}

const key = () => `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;

let demo: ApiUser;

beforeAll(async () => {
  demo = await signIn('/api/Login/Login', { userName: 'demo', password: 'demo123456' });
  await useUser(demo);
});

/** The payment page an order leads to (what the pay button does after its one call), as a path with its query. */
const pageOf = (payType: number, data: Record<string, unknown>): string => {
  const order = (payType === -1 ? data : data.order) as Record<string, unknown>;
  const next = afterPlacedOrder({
    orderId: String(order.orderId), payType, amount: String(payType === 2 ? data.disprice : data.disrmb), title: String(data.title),
    params: String(data.params), msgParams: String(data.msgParams), gateway: null,
  }, false);
  if (next.kind !== 'navigate') throw new Error('no payment page');
  return `${next.path}?${new URLSearchParams(next.query).toString()}`;
};

const cardOrder = async () => {
  const data = await api('/api/payment/CreateOrder', { ProductID: '101', ToUID: String(demo.id), Promotions: '', SysName: 'h5', payType: '-1', IdempotencyKey: key() }, demo);
  return { orderId: String(data.orderId), query: new URL(pageOf(-1, data), app.url).search.slice(1) };
};

/** An alipay-style (0, 1) or tcg (2) order, as the pay button creates it; its payment page's address. */
const pageOrder = async (payType: number, user: ApiUser, headers: Record<string, string> = {}) => {
  const path = payType === 2 ? '/api/payment/CreateTcgOrder' : '/api/payment/CreateAliPay';
  const data = await api(path, { ProductID: '101', ToUID: String(user.id), Promotions: '', SysName: 'h5', payType: String(payType), IdempotencyKey: key() }, user, 'GET', headers);
  return pageOf(payType, data);
};

describe('paying for VIP on the payment pages', () => {
  it('a card order: /notice → 确认支付 (sandbox) → /payResult 支付成功 and /user shows the new expiry', async () => {
    const before = (await api('/api/User/GetUserInfo', {}, demo, 'POST')).eDate;
    const { orderId, query } = await cardOrder();
    await page.goto(`${app.url}/notice?${query}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：待支付');
    expect(await page.getByTestId('sandbox-note').textContent()).toContain('沙箱支付');
    expect(await page.getByTestId('payment-amount').textContent()).toMatch(/^€\d+(\.\d+)?$/);
    await shot('notice');
    await page.getByRole('button', { name: '确认支付（沙箱支付）' }).click();
    await page.waitForURL(new RegExp(`/payResult\\?orderId=${orderId}$`));
    await poll(() => page.getByTestId('pay-result').textContent()).toBe('支付成功');
    const after = String((await api('/api/User/GetUserInfo', {}, demo, 'POST')).eDate);
    expect(after).not.toBe(before);
    await poll(() => page.getByTestId('vip-expiry').textContent()).toBe(`VIP有效期至：${after}`);
    await shot('pay-result');
    await page.getByRole('button', { name: '返回我的' }).click();
    await page.waitForURL(/\/user$/);
    await poll(() => page.getByTestId('vip-line').textContent()).toBe(`VIP到期：${after}`);
  });

  it('back from a paid order lands on /user (the result page\'s target), and the history never leads into the payment page again', async () => {
    const { orderId, query } = await cardOrder();
    await page.goto(`${app.url}/vip`);
    await page.goto(`${app.url}/notice?${query}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：待支付');
    await page.getByRole('button', { name: '确认支付（沙箱支付）' }).click();
    await page.waitForURL(new RegExp(`/payResult\\?orderId=${orderId}$`));
    await poll(() => page.getByTestId('pay-result').textContent()).toBe('支付成功');
    await page.locator('.nav-bar__back').click();
    await page.waitForURL(/\/user$/);
    await poll(() => page.getByTestId('vip-line').count()).toBe(1);
    // The result page replaced the payment page, and the target replaced the result page: back is /vip.
    await page.goBack();
    await page.waitForURL(/\/vip$/);
    expect(new URL(page.url()).pathname).toBe('/vip');
  });

  it('back from an unpaid payment page goes to /vip (its target), not a step back', async () => {
    const { query } = await cardOrder();
    await page.goto(`${app.url}/user`);
    await page.goto(`${app.url}/notice?${query}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：待支付');
    await page.locator('.nav-bar__back').click();
    await page.waitForURL(/\/vip$/);
  });

  it('cancel on /notice shows 已取消', async () => {
    const { query } = await cardOrder();
    await page.goto(`${app.url}/notice?${query}`);
    await page.getByRole('button', { name: '取消订单' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：已取消');
    expect(await page.getByRole('button', { name: '确认支付（沙箱支付）' }).count()).toBe(0);
  });

  it('a gateway order: the sandbox gateway → 确认支付 → /payResult 支付成功', async () => {
    const data = await api('/api/payment/CreateGatewayOrder', { ProductID: '101', ToUID: String(demo.id), Promotions: '', IdempotencyKey: key() }, demo);
    await page.goto(`${app.url}/sandbox/gateway?orderId=${String(data.orderId)}`);
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/\/payResult\?orderId=/);
    await poll(() => page.getByTestId('pay-result').textContent()).toBe('支付成功');
  });

  it('/zfbPay?orderId (opened afresh: the order asked by its id), 我已支付 → 确认付款 → /zfbPaySuccess', async () => {
    const target = await pageOrder(0, demo);
    expect(new URL(target, app.url).searchParams.get('orderId')).toMatch(/^VO[0-9a-f]{24}$/);
    await page.goto(`${app.url}${target}`);
    await poll(() => page.getByTestId('order-id').count()).toBe(1);
    expect(await page.getByTestId('payment-amount').textContent()).toBe('¥58');
    await shot('zfb-pay');
    await page.getByRole('button', { name: '我已支付' }).click();
    await page.waitForURL(/\/zfbPayConfirm\?orderId=/);
    await page.getByRole('button', { name: '沙箱支付：确认付款' }).click();
    await page.waitForURL(/\/zfbPaySuccess\?orderId=/);
    await poll(() => page.getByTestId('pay-result').textContent()).toBe('支付成功');
  });

  it('/zfbPay → 取消 → /zfbPayCancel cancels the order', async () => {
    await page.goto(`${app.url}${await pageOrder(1, demo)}`);
    await page.getByRole('button', { name: '取消', exact: true }).click();
    await page.waitForURL(/\/zfbPayCancel\?orderId=/);
    await page.getByRole('button', { name: '确认取消订单' }).click();
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：已取消');
  });

  it('/tcgPay (a visitor from Malaysia) shows the order and pays it → /tcgPaySuccess', async () => {
    const name = `tcg_${Date.now() % 1_000_000}`;
    const user = await signIn('/api/Login/Register', { userName: name, password: 'secret123' });
    await page.setExtraHTTPHeaders({ 'x-country-code': 'MY' });
    await useUser(user);
    const target = await pageOrder(2, user, { 'x-country-code': 'MY' });
    await page.goto(`${app.url}${target}`);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：待支付');
    expect(await page.getByTestId('payment-amount').textContent()).toBe('€7.99');
    await page.getByRole('button', { name: '确认支付（沙箱支付）' }).click();
    await page.waitForURL(/\/tcgPaySuccess\?orderId=/);
    await poll(() => page.getByTestId('pay-result').textContent()).toBe('支付成功');
    await poll(() => page.getByTestId('vip-expiry').count()).toBe(1);
  });
});
