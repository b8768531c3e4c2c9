import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.ts';

/**
 * An iPhone in Safari, where the open-app offer shows (issue 18: its old floating bubble lay over 立即支付). The
 * steps a visitor takes to pay are real taps (locator.tap), which fail when something else lies over the target.
 */
const { page, app, poll, dialogButton, pause, goInApp, shot } = useJourney();
let kefuId = 0;

const packages = () => page.getByTestId('vip-package');
const methods = () => page.getByTestId('vip-method');

describe('buying VIP', () => {
  it('a visitor on /vip (open-app offer shown) sees the packages and is sent to log in by a tap on the pay button', async () => {
    await page.goto(`${app.url}/vip`);
    await poll(() => packages().count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'APP内打开' }).count()).toBe(1);
    expect(await page.getByTestId('vip-line').textContent()).toBe('未登录，登录后即可开通VIP会员');
    await page.getByRole('button', { name: '立即支付' }).tap();
    await page.waitForURL(/\/login\?redirect=%2Fvip$/);
  });

  it('the demo user logs in, comes back to /vip and sees categories, packages and pay methods', async () => {
    await page.getByPlaceholder('请输入账号').fill('demo');
    await page.getByPlaceholder('请输入密码').fill('demo123456');
    await page.getByRole('button', { name: '登录', exact: true }).tap();
    await page.waitForURL(/\/vip$/);
    await poll(() => page.getByTestId('vip-tag').textContent()).toBe('VIP1');
    await poll(() => page.locator('.vip-tabs .adm-tabs-tab').allTextContents()).toEqual(expect.arrayContaining(['黄金VIP', '钻石VIP']));
    await poll(() => packages().count()).toBeGreaterThan(0);
    await poll(() => methods().count()).toBeGreaterThan(0);
    expect(await page.getByTestId('vip-total').textContent()).toContain('€');
    await shot('vip');
  });

  it('buys a package by card with taps: package, 银行卡支付, 立即支付, /notice, sandbox payment, 支付成功, and /user shows the later expiry', async () => {
    const before = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { eDate?: string }).eDate ?? '');
    await packages().first().tap();
    await poll(() => packages().first().getAttribute('class')).toContain('vip-card--selected');
    await pause();
    await methods().filter({ hasText: '银行卡支付' }).tap();
    await poll(() => methods().filter({ hasText: '银行卡支付' }).getAttribute('class')).toContain('vip-method--selected');
    await pause();
    // One round trip from the tap to the payment page: the order's creation; /notice gets its id and shows it.
    const calls: string[] = [];
    const record = (request: { url(): string }) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/payment/')) calls.push(path);
    };
    page.on('request', record);
    await page.getByRole('button', { name: '立即支付' }).tap();
    await page.waitForURL(/\/notice\?orderId=VO[0-9a-f]{24}$/);
    await poll(() => page.getByTestId('order-status').textContent()).toBe('订单状态：待支付');
    page.off('request', record);
    expect(calls).toEqual(['/api/payment/CreateOrder']);
    await page.getByRole('button', { name: '确认支付（沙箱支付）' }).tap();
    await page.waitForURL(/\/payResult\?orderId=/);
    await poll(() => page.getByText('支付成功').count()).toBeGreaterThan(0);
    const after = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { eDate?: string }).eDate ?? '');
    expect(after > before).toBe(true);
    await page.goto(`${app.url}/user`);
    await poll(() => page.getByText(`VIP到期：${after}`).count()).toBe(1);
    await page.goto(`${app.url}/vip`);
    await poll(() => methods().count()).toBeGreaterThan(0);
  });

  it('manual payment (payType 3) opens the customer-service chat', async () => {
    kefuId = await page.evaluate(async () => {
      const response = await fetch('/api/payment/GetCusService?templateType=2');
      return ((await response.json()) as { data: { id: number } }).data.id;
    });
    expect(kefuId).toBeGreaterThan(0);
    await methods().filter({ hasText: '人工客服充值' }).click();
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.waitForURL(new RegExp(`/chat\\?toUid=${kefuId}(&|$)`));
    // type and msgParams are route parameters: in the history entry's state, not in the address (spec §2).
    const url = new URL(page.url());
    expect(url.searchParams.has('type')).toBe(false);
    expect(url.searchParams.has('msgParams')).toBe(false);
    const state = await page.evaluate(() => (window.history.state as { usr?: Record<string, string> } | null)?.usr ?? null);
    expect(state?.type).toBe('pay');
    expect(JSON.parse(state?.msgParams ?? '{}')).toMatchObject({ payType: 3, payTitle: '人工客服充值' });
    await poll(() => page.getByTestId('order-card').count()).toBe(1);
    expect(await page.getByTestId('order-card').textContent()).toContain('人工客服充值');
    // A direct load of /chat?toUid=… carries no route parameters: an ordinary chat with the customer service.
    await page.goto(`${app.url}/chat?toUid=${kefuId}&nickName=${encodeURIComponent('官方客服')}`);
    await poll(() => page.getByPlaceholder('发个消息吧~').count()).toBe(1);
    expect(await page.getByTestId('order-card').count()).toBe(0);
  });

  it("/openVip with another user's code asks to buy for the friend and goes to /giveVip", async () => {
    await page.goto(`${app.url}/openVip?uid=${kefuId}`);
    await poll(() => page.getByText('当前登录账号与扫码账号不一致，是否帮好友开通VIP？').count()).toBe(1);
    await dialogButton('帮好友开通').click();
    await page.waitForURL(new RegExp(`/giveVip\\?userId=${kefuId}$`));
    await poll(() => page.getByTestId('vip-gift').textContent()).toContain(String(kefuId));
    await poll(() => packages().count()).toBeGreaterThan(0);
  });

  it('a gift through the scanned-code dialog, paid by card, credits the friend and not the payer', async () => {
    type Account = { id: number; eDate: string; vipLevel: number; token: Record<string, string | number> };
    const call = (path: string, fields: Record<string, string | number>) =>
      page.evaluate(
        async ([to, body]) => {
          const response = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body as Record<string, string>) });
          return ((await response.json()) as { data: unknown }).data;
        },
        [path, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]))] as const,
      );
    const withToken = (account: Account) => ({ ...account.token, login_uid: account.token.uid as number });
    const friend = (await call('/api/Login/Register', { userName: `friend_${Date.now() % 100000}`, password: 'secret123' })) as Account;
    expect(friend.vipLevel).toBe(0);
    const payer = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { eDate: string; token: Record<string, string | number> });

    await page.goto(`${app.url}/openVip?uid=${friend.id}`);
    await poll(() => page.getByText('当前登录账号与扫码账号不一致，是否帮好友开通VIP？').count()).toBe(1);
    await dialogButton('帮好友开通').click();
    await page.waitForURL(new RegExp(`/giveVip\\?userId=${friend.id}$`));
    await poll(() => packages().count()).toBeGreaterThan(0);
    await methods().filter({ hasText: '银行卡支付' }).click();
    await page.getByRole('button', { name: '立即支付' }).click();
    await page.waitForURL(/\/notice\?/);
    await page.getByRole('button', { name: '确认支付（沙箱支付）' }).click();
    await page.waitForURL(/\/payResult\?orderId=/);
    await poll(() => page.getByText('支付成功').count()).toBeGreaterThan(0);

    const friendAfter = (await call('/api/User/GetUserInfo', withToken(friend))) as Account;
    expect(friendAfter.vipLevel).toBeGreaterThan(0);
    expect(friendAfter.eDate).not.toBe('');
    const payerAfter = (await call('/api/User/GetUserInfo', { ...payer.token, login_uid: payer.token.uid as number })) as Account;
    expect(payerAfter.eDate).toBe(payer.eDate);
  });

  it('leaving /openVip towards /user asks first: cancel stays, confirm leaves', async () => {
    await page.goto(`${app.url}/user`);
    await page.waitForURL(/\/user$/);
    await poll(() => page.locator('nav.tab-bar').count()).toBe(1);
    await goInApp('/openVip');
    await page.waitForURL(/\/openVip$/);
    await poll(() => page.title()).toBe('开通VIP会员 - 奇遇视频');
    await poll(() => packages().count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '返回' }).click();
    await poll(() => page.getByText('确定要放弃开通VIP会员吗？').count()).toBe(1);
    await dialogButton('继续开通').click();
    await poll(() => page.getByText('确定要放弃开通VIP会员吗？').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/openVip');
    await page.getByRole('button', { name: '返回' }).click();
    await dialogButton('确定离开').click();
    await page.waitForURL(/\/user$/);
  });

  it('where VIP sale is closed (7003) the message leads to /user without a leave confirmation', async () => {
    await page.evaluate(() => {
      localStorage.setItem('useCustomArea', 'true');
      localStorage.setItem('customAreaCode', 'KP');
    });
    await page.goto(`${app.url}/openVip`);
    await poll(() => page.getByText('当前地区暂未开放VIP购买').count()).toBe(1);
    await dialogButton('确定').click();
    await page.waitForURL(/\/user$/);
    expect(await page.getByText('确定要放弃开通VIP会员吗？').count()).toBe(0);
    await page.evaluate(() => {
      localStorage.removeItem('useCustomArea');
      localStorage.removeItem('customAreaCode');
    });
  });
});
