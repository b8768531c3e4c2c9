import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_FRAME_ORIGIN } from './support/app-server.ts';
import { ANDROID_CHROME } from './support/devices.ts';
import { useJourney } from './support/journey.ts';

/**
 * Issue 31: payType 5 (在线支付) follows the spec's letter (vip-payments-activities §7, "Create gateway order"): the
 * browser goes to the answer's gateway with its params as the query string; on iOS only after the confirm
 * 即将跳转到支付页面, whose 取消 stays on /vip and leaves the order as it is. Android Chrome goes at once. /iframe stays
 * a page of its own: a help article's link to an allowed site (FRAME_ORIGINS) opens there, never a gateway.
 */
const { page: iphone, app, poll, pause, logIn, otherPhone } = useJourney();
let android: Page;

beforeAll(async () => {
  android = await otherPhone(ANDROID_CHROME);
  await Promise.all([logIn('demo', { redirect: '/vip' }), logIn('demo2', { on: android, redirect: '/vip' })]);
});

const dialog = (page: Page) => page.locator('.adm-modal, .adm-dialog');

interface GatewayAnswer {
  orderId: string;
  gateway: string;
  params: Record<string, string>;
}

/** 在线支付 chosen on /vip, then 立即支付: the gateway order's answer, as the app received it. */
async function payOnline(page: Page): Promise<GatewayAnswer> {
  await poll(() => page.getByTestId('vip-package').count()).toBeGreaterThan(0);
  const method = page.getByTestId('vip-method').filter({ hasText: '在线支付' });
  await method.tap();
  await poll(() => method.getAttribute('class')).toContain('vip-method--selected');
  await pause(page);
  // The answer is read on its way (the page may leave for the gateway before a finished response could be read).
  const answers: { ret: number; data: GatewayAnswer }[] = [];
  await page.route('**/api/payment/CreateGatewayOrder?**', async (route) => {
    const response = await route.fetch();
    answers.push((await response.json()) as { ret: number; data: GatewayAnswer });
    await route.fulfill({ response });
  });
  try {
    await page.getByRole('button', { name: '立即支付' }).tap();
    await poll(() => answers.length).toBe(1);
  } finally {
    await page.unroute('**/api/payment/CreateGatewayOrder?**');
  }
  const [answer] = answers;
  expect(answer?.ret).toBe(200);
  return answer!.data;
}

/** The spec's address: the gateway (a path on the API server here) plus its params as the query string. */
const gatewayAddress = (answer: GatewayAnswer) => `${new URL(answer.gateway, app.url).href}?${new URLSearchParams(answer.params).toString()}`;

/** The order as the server has it, asked with the signed-in user of `page` (its stored token fields). */
async function orderStatus(page: Page, orderId: string): Promise<string> {
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { token: Record<string, string | number> });
  const fields = Object.fromEntries(Object.entries(user.token).map(([name, value]) => [name, String(value)]));
  const query = new URLSearchParams({ orderId, ...fields, login_uid: fields.uid ?? '' });
  const answer = (await (await fetch(`${app.url}/api/payment/GetOrder?${query.toString()}`)).json()) as { ret: number; data: { status: string } };
  expect(answer.ret).toBe(200);
  return answer.data.status;
}

describe('在线支付 (payType 5) opens the gateway with its query string', () => {
  let unpaid = '';

  it('iPhone Safari: 即将跳转到支付页面 first; 取消 stays on /vip and leaves the order unpaid', async () => {
    const first = await payOnline(iphone);
    await poll(() => dialog(iphone).getByText('即将跳转到支付页面').count()).toBe(1);
    await dialog(iphone).getByRole('button', { name: '取消', exact: true }).tap();
    await poll(() => dialog(iphone).count()).toBe(0);
    expect(new URL(iphone.url()).pathname).toBe('/vip');
    expect(await orderStatus(iphone, first.orderId)).toBe('created');
    unpaid = first.orderId;
  });

  it('iPhone Safari: 确定 goes to gateway?params (the app left, nothing framed), where 确认支付 pays and /payResult asks the server', async () => {
    await pause(iphone);
    const second = await payOnline(iphone);
    await poll(() => dialog(iphone).getByText('即将跳转到支付页面').count()).toBe(1);
    await dialog(iphone).getByRole('button', { name: '确定', exact: true }).tap();
    // The browser's address is the gateway's with its query string.
    await iphone.waitForURL(gatewayAddress(second), { waitUntil: 'commit' });
    await poll(() => iphone.getByText('沙盒测试环境').count()).toBe(1);
    expect(await iphone.locator('iframe').count()).toBe(0);
    await iphone.getByRole('button', { name: '确认支付' }).tap();
    await iphone.waitForURL(new RegExp(`/payResult\\?orderId=${second.orderId}$`), { waitUntil: 'commit' });
    await poll(() => iphone.getByTestId('pay-result').textContent()).toBe('支付成功');
    expect(await orderStatus(iphone, second.orderId)).toBe('paid');
    // The order whose confirm was cancelled is still as it was.
    expect(await orderStatus(iphone, unpaid)).toBe('created');
  });

  it('Android Chrome: no confirm, straight to gateway?params', async () => {
    const answer = await payOnline(android);
    // Had a confirm opened, the page would wait on it and never leave.
    await android.waitForURL(gatewayAddress(answer), { waitUntil: 'commit' });
    await poll(() => android.getByText('沙盒测试环境').count()).toBe(1);
    expect(await orderStatus(android, answer.orderId)).toBe('created');
  });
});

describe('/iframe: an allowed site inside the app', () => {
  const partnerPage = `${E2E_FRAME_ORIGIN}/pay-help`;

  it("a help article's link to an allowed site opens at /iframe under the app's bar; a link elsewhere, a gateway or a forged address frames nothing", async () => {
    await iphone.route(`${E2E_FRAME_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><meta charset="utf-8"><h1 id="partner">支付帮助中心</h1><p>合作方页面</p>' }),
    );
    const article = `<p>遇到支付问题？</p><p><a id="inside" href="${partnerPage}">支付帮助中心</a></p><p><a id="outside" href="https://elsewhere.example.test/x">其他网站</a></p>`;
    await iphone.route('**/api/home/gethelpcontentbyid**', (route) =>
      route.fulfill({ json: { ret: 200, msg: '成功', data: { info: [{ id: 9998, title: '支付问题', contxt: article }] } } }),
    );
    try {
      await iphone.goto(`${app.url}/helpDetail?id=9998`);
      await poll(() => iphone.getByTestId('help-detail-title').textContent()).toBe('支付问题');
      // The link elsewhere stays a link to a new window, out of the app.
      expect(await iphone.locator('#outside').getAttribute('target')).toBe('_blank');
      await iphone.locator('#inside').tap();
      await iphone.waitForURL((url) => url.pathname === '/iframe' && url.searchParams.get('url') === partnerPage);
      await poll(() => iphone.locator('.nav-bar__title').textContent()).toBe('支付帮助中心');
      const framed = iphone.frameLocator('[data-testid="frame-page"]');
      await poll(() => framed.locator('#partner').textContent()).toBe('支付帮助中心');
      // Back returns to the article.
      await iphone.getByRole('button', { name: '返回' }).first().tap();
      await iphone.waitForURL(/\/helpDetail\?id=9998$/);

      // A link of anyone's making to a site not allowed (or to the app's own gateway) frames nothing.
      for (const url of ['https://elsewhere.example.test/x', `${app.url}/sandbox/gateway?orderId=VO000000000000000000000001`]) {
        await iphone.goto(`${app.url}/iframe?url=${encodeURIComponent(url)}`);
        await poll(() => iphone.getByRole('alert').textContent()).toBe('该页面无法在应用内打开');
        expect(await iphone.getByTestId('frame-page').count()).toBe(0);
      }
    } finally {
      await iphone.unroute('**/api/home/gethelpcontentbyid**');
      await iphone.unroute(`${E2E_FRAME_ORIGIN}/**`);
    }
  });
});
