import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';

const { page, app, context, poll, otherPhone } = useJourney();

beforeAll(async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
});

let counter = 0;

/** Registers a fresh user through the form in this page (it lands on /user, logged in). */
async function register(on: Page, prefix: string): Promise<void> {
  counter += 1;
  await on.goto(`${app.url}/register`);
  await on.getByPlaceholder('4-20位字母、数字或下划线').fill(`${prefix}${Date.now() % 1_000_000}${counter}`);
  await on.getByPlaceholder('至少8位，可含空格').fill('secret123');
  await on.getByPlaceholder('请再次输入密码').fill('secret123');
  await on.getByRole('button', { name: '注册', exact: true }).click();
  await on.waitForURL(/\/user$/);
}

/** A second phone (browser context): a new user opens the help link and cuts the price once. */
async function helpWithNewUser(link: string): Promise<string> {
  const friend = await otherPhone();
  await register(friend, 'helper');
  await friend.goto(`${app.url}${link}`);
  await friend.getByRole('button', { name: '帮TA砍一刀' }).click();
  await poll(() => friend.getByTestId('help-result').count()).toBe(1);
  return (await friend.getByTestId('help-result').textContent()) ?? '';
}

async function openBargainTab(): Promise<void> {
  await page.goto(`${app.url}/vip`);
  await page.locator('.vip-tabs .adm-tabs-tab').filter({ hasText: '砍价特惠' }).click();
  await poll(() => page.getByTestId('vip-bargain').count()).toBe(1);
}

const eDate = () => page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { eDate?: string }).eDate ?? '');

describe('bargain activity', () => {
  let link = '';

  it('a visitor is sent to log in by the join button', async () => {
    await openBargainTab();
    await page.getByRole('button', { name: '参加砍价' }).click();
    await page.waitForURL(/\/login\?redirect=/);
  });

  it('user A joins and gets a help link; user B (second context) cuts the price; A sees the price and countdown', async () => {
    await register(page, 'owner');
    await openBargainTab();
    expect(await page.getByTestId('vip-bargain').textContent()).toContain('€9.99');
    expect(await page.getByTestId('vip-bargain').textContent()).toContain('新用户砍价金额是老用户的3倍');
    await page.getByRole('button', { name: '参加砍价' }).click();
    await poll(() => page.getByTestId('bargain-link').count()).toBe(1);
    link = (await page.getByTestId('bargain-link').textContent()) ?? '';
    expect(link).toMatch(/^\/bargainHelp\?key=BK[0-9a-f]{32}$/);

    expect(await helpWithNewUser(link)).toBe('砍掉€3.00，当前价格€6.99');
    await openBargainTab();
    await poll(() => page.getByTestId('bargain-price').textContent()).toBe('€6.99');
    await poll(() => page.getByTestId('bargain-countdown').textContent()).toMatch(/^2[0-3]:[0-5]\d:[0-5]\d$/);
    expect(await page.getByTestId('vip-total').textContent()).toContain('€6.99');
  });

  it('with enough helpers the price reaches 0; A claims free, the overlay closes after 3 s, the VIP time is added', async () => {
    await helpWithNewUser(link);
    await helpWithNewUser(link);
    expect(await helpWithNewUser(link)).toBe('砍掉€0.99，当前价格€0.00');
    const before = await eDate();
    await openBargainTab();
    await poll(() => page.getByTestId('bargain-price').textContent()).toBe('€0.00');
    await page.getByRole('button', { name: '确认领取' }).click();
    await poll(() => page.getByTestId('bargain-overlay').count()).toBe(1);
    await page.waitForTimeout(2_000);
    expect(await page.getByTestId('bargain-overlay').count()).toBe(1);
    await poll(() => page.getByTestId('bargain-overlay').count()).toBe(0);
    await poll(eDate).not.toBe(before);
    const after = await eDate();
    await page.goto(`${app.url}/user`);
    await poll(() => page.getByText(`VIP到期：${after}`).count()).toBe(1);
  });

  it('A abandons another bargain', async () => {
    await openBargainTab();
    await page.getByRole('button', { name: '参加砍价' }).click();
    await poll(() => page.getByTestId('bargain-link').count()).toBe(1);
    await helpWithNewUser((await page.getByTestId('bargain-link').textContent()) ?? '');
    await openBargainTab();
    await page.getByRole('button', { name: '放弃砍价' }).click();
    await page.locator('.adm-modal, .adm-dialog').getByRole('button', { name: '确定', exact: true }).click();
    await poll(() => page.getByRole('button', { name: '参加砍价' }).count()).toBe(1);
  });

  it('/activityRules shows the recharge activity rule text', async () => {
    await page.getByRole('link', { name: '活动规则' }).click();
    await page.waitForURL(/\/activityRules$/);
    await poll(() => page.getByTestId('activity-rules').textContent()).toContain('分享活动文案给好友');
  });
});

describe('share activity', () => {
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);

  it('confirm before leaving is refused; copy, leave 3 s, confirm, thanks, buy at the discounted price', async () => {
    await page.goto(`${app.url}/vip`);
    await page.locator('.vip-tabs .adm-tabs-tab').filter({ hasText: '钻石VIP' }).click();
    await poll(() => page.getByTestId('vip-share').count()).toBe(1);
    const fullTotal = (await page.getByTestId('vip-total').textContent()) ?? '';
    const full = Number(/€([\d.]+)/.exec(fullTotal)?.[1]);
    await page.getByRole('button', { name: '我已分享' }).click();
    await poll(() => page.getByText('请先复制文案并前往分享后再确认').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '复制分享文案' }).click();
    await poll(() => page.getByText('已复制分享文案，请前往分享').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: '我已分享' }).click();
    expect(await page.getByTestId('share-thanks').count()).toBe(0);
    await setVisibility('hidden');
    await page.waitForTimeout(3_100);
    await setVisibility('visible');
    await page.getByRole('button', { name: '我已分享' }).click();
    await poll(() => page.getByTestId('share-thanks').count()).toBe(1);
    await page.getByRole('button', { name: '去购买' }).click();
    await poll(() => page.getByTestId('share-discount').textContent()).toBe('分享优惠 -€1.00');
    const discounted = Math.round((full - 1) * 100) / 100;
    expect(await page.getByTestId('vip-total').textContent()).toContain(`€${Number.isInteger(discounted) ? discounted : discounted.toFixed(2)}`);
    await page.getByTestId('vip-method').filter({ hasText: '银行卡支付' }).click();
    await page.getByRole('button', { name: '立即支付' }).click();
    // The card order's page is given its id alone, and shows the order's price as the server charged it.
    await page.waitForURL(/\/notice\?orderId=VO[0-9a-f]{24}$/);
    await poll(() => page.getByTestId('payment-amount').textContent()).toBe(`€${discounted.toFixed(2)}`);
    await page.getByRole('button', { name: '确认支付（沙箱支付）' }).click();
    await page.waitForURL(/\/payResult\?orderId=/);
    await poll(() => page.getByText('支付成功').count()).toBeGreaterThan(0);
  });
});
