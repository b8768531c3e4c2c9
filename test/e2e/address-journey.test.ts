import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * Delivery addresses (issue 23), on an iPhone: the demo catalogue's 钻石年卡 ships a gift box, so buying it asks
 * where the box goes. A new account adds two addresses on /addAddress (a bad phone refused), picks one on
 * /choseAddress, pays, and /notice shows the address; then it edits and deletes on /choseAddress outside a purchase.
 */
const { page, app, poll, logIn, pause } = useJourney();
const userName = `addr_${Date.now() % 100000}`;
const items = () => page.getByTestId('address-item');

beforeAll(async () => {
  await registerThroughApi(app.url, userName, 'address-pass-1');
}, 240_000);

async function fillAddress(fields: { name: string; phone: string; region: string; detail: string }): Promise<void> {
  await page.getByPlaceholder('请填写收货人姓名').fill(fields.name);
  await page.getByPlaceholder('请填写收货人手机号').fill(fields.phone);
  await page.getByPlaceholder('省 市 区，如：广东省 深圳市 南山区').fill(fields.region);
  await page.getByPlaceholder('街道、楼牌号等').fill(fields.detail);
}

describe('a VIP package that ships a gift', () => {
  it('signs in, picks 钻石年卡 and is asked for an address before paying', async () => {
    await logIn({ userName, password: 'address-pass-1' }, { redirect: '/vip' });
    await page.locator('.vip-tabs .adm-tabs-tab').filter({ hasText: '钻石VIP' }).tap();
    await pause();
    await page.getByTestId('vip-package').filter({ hasText: '钻石年卡' }).tap();
    await pause();
    await poll(() => page.locator('.vip-gift__item').textContent()).toBe('赠品钻石会员礼盒（定制抱枕+实体会员卡）');
    expect(await page.getByTestId('gift-address').textContent()).toContain('请选择收货地址');
    await page.getByTestId('vip-method').filter({ hasText: '银行卡支付' }).tap();
    await pause();
    await page.getByRole('button', { name: '立即支付' }).tap();
    await poll(() => page.locator('.adm-toast-main').textContent()).toBe('请选择收货地址');
    expect(new URL(page.url()).pathname).toBe('/vip');
  });

  it('adds two addresses on /addAddress (a bad phone is refused), the second as the default', async () => {
    await page.getByTestId('gift-address').tap();
    await page.waitForURL(/\/choseAddress\?select=1$/);
    await poll(() => page.getByText('还没有收货地址').count()).toBe(1);
    await page.getByRole('button', { name: '新增收货地址' }).tap();
    await page.waitForURL(/\/addAddress$/);
    await fillAddress({ name: '张三', phone: '1380013800', region: '广东省 深圳市 南山区', detail: '科技园南路88号 3栋 1201' });
    await page.getByRole('button', { name: '保存' }).tap();
    await poll(() => page.locator('.adm-toast-main').textContent()).toBe('请填写正确的手机号码');
    await page.getByPlaceholder('请填写收货人手机号').fill('13800138000');
    await page.getByRole('button', { name: '保存' }).tap();
    await page.waitForURL(/\/choseAddress\?select=1$/);
    await poll(() => items().count()).toBe(1);
    // The phone masked by the display rules; the first address is the default.
    expect(await items().first().textContent()).toContain('13*******00');
    expect(await items().first().textContent()).toContain('默认');
    await page.getByRole('button', { name: '新增收货地址' }).tap();
    await page.waitForURL(/\/addAddress$/);
    await fillAddress({ name: '李四', phone: '13912345678', region: '北京市 北京市 朝阳区', detail: '建国路 1 号 公司前台' });
    await page.getByRole('switch', { name: '设为默认地址' }).tap();
    await page.getByRole('button', { name: '保存' }).tap();
    await page.waitForURL(/\/choseAddress\?select=1$/);
    await poll(() => items().count()).toBe(2);
    expect(await items().first().textContent()).toContain('李四');
    expect(await items().first().textContent()).toContain('默认');
  });

  it('picks 张三 (not the default) for the gift, back on /vip with 钻石年卡 still chosen, and pays: /notice shows where the gift goes', async () => {
    await items().filter({ hasText: '张三' }).locator('.address-item__main').tap();
    await page.waitForURL(/\/vip\?/);
    await poll(() => page.getByTestId('gift-address').textContent()).toContain('张三');
    expect(await page.getByTestId('vip-package').filter({ hasText: '钻石年卡' }).getAttribute('class')).toContain('vip-card--selected');
    await page.getByRole('button', { name: '立即支付' }).tap();
    await page.waitForURL(/\/notice\?orderId=VO[0-9a-f]{24}$/);
    await poll(() => page.locator('.payment-row').filter({ hasText: '收货地址' }).textContent()).toBe('收货地址张三 13*******00 广东省 深圳市 南山区 科技园南路88号 3栋 1201');
    expect(await page.locator('.payment-row').filter({ hasText: '赠品' }).textContent()).toBe('赠品钻石会员礼盒（定制抱枕+实体会员卡）');
  });

  it('manages the addresses on /choseAddress: edits one, deletes the default (the other becomes the default)', async () => {
    await page.goto(`${app.url}/choseAddress`);
    await poll(() => items().count()).toBe(2);
    await items().filter({ hasText: '张三' }).getByRole('button', { name: '编辑' }).tap();
    await page.waitForURL(/\/addAddress\?id=\d+$/);
    await poll(() => page.getByPlaceholder('街道、楼牌号等').inputValue()).toBe('科技园南路88号 3栋 1201');
    await page.getByPlaceholder('街道、楼牌号等').fill('科技园南路99号 5栋 502');
    await page.getByRole('button', { name: '保存' }).tap();
    await page.waitForURL(/\/choseAddress$/);
    await poll(() => items().filter({ hasText: '张三' }).textContent()).toContain('科技园南路99号 5栋 502');
    await items().filter({ hasText: '李四' }).getByRole('button', { name: '删除' }).tap();
    await page.locator('.adm-dialog').getByRole('button', { name: '删除' }).tap();
    await poll(() => items().count()).toBe(1);
    expect(await items().first().textContent()).toContain('默认');
  });
});
