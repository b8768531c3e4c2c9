import { beforeAll, describe, expect, it } from 'vitest';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * /selectArea (issue 22): 设置's 地区 shows the region in use; choosing another there keeps it on the account, so
 * the server answers it from then on (another page load, another device), and the app's calls carry it.
 */
const { page, app, poll, logIn } = useJourney();
const userName = `area_${Date.now() % 100000}`;

beforeAll(async () => {
  await registerThroughApi(app.url, userName, 'first-pass-1');
}, 240_000);

describe('choosing one\'s region', () => {
  it('a signed-in user sees 地区 中国 under 设置 and opens /selectArea', async () => {
    await logIn({ userName, password: 'first-pass-1' }, { redirect: '/settings' });
    await poll(() => page.getByTestId('settings-region').textContent()).toContain('中国');
    await page.getByTestId('settings-region').click();
    await page.waitForURL(/\/selectArea$/);
  });

  it('searches and picks 马来西亚 (then 雪兰莪州 on /countryStateList): back on 设置, which shows it; the account keeps it across a reload', async () => {
    await page.getByLabel('搜索国家和地区').fill('马来');
    await page.getByRole('button', { name: /马来西亚/ }).click();
    await page.waitForURL(/\/countryStateList\?country=MY$/);
    await page.getByTestId('country-states').getByRole('button', { name: /雪兰莪州/ }).click();
    await page.waitForURL(/\/selectArea$/);
    await page.goBack();
    await page.waitForURL(/\/settings$/);
    await poll(() => page.getByTestId('settings-region').textContent()).toContain('马来西亚 雪兰莪州');
    // The account keeps it: a fresh page load asks the server.
    await page.evaluate(() => {
      localStorage.removeItem('useCustomArea');
      localStorage.removeItem('customAreaCode');
    });
    await page.reload();
    const answer = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: { uid: number; token: string; expire: number; sign: string } };
      const token = user.token;
      if (!token) return null;
      const query = new URLSearchParams({ uid: String(token.uid), token: token.token, expire: String(token.expire), sign: token.sign, login_uid: String(token.uid), System: 'h5' });
      return (await (await fetch(`/api/home/GetUserRegion?${query.toString()}`)).json()) as { data: { code: string } };
    });
    expect(answer?.data.code).toBe('MY');
    await poll(() => page.getByTestId('settings-region').textContent()).toContain('马来西亚');
  });
});

describe('choosing a region inside a country (/countryStateList)', () => {
  it('中国 leads on to its 34 provincial-level divisions; 广东省 is kept; /selectArea and 设置 show 中国 广东省', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByTestId('settings-region').click();
    await page.waitForURL(/\/selectArea$/);
    await page.getByLabel('搜索国家和地区').fill('中国');
    await page.getByRole('button', { name: /^中国/ }).first().click();
    await page.waitForURL(/\/countryStateList\?country=CN$/);
    const states = page.getByTestId('country-states').getByRole('button');
    await poll(() => states.count()).toBe(34);
    expect(await states.first().textContent()).toContain('北京市');
    await states.filter({ hasText: '广东省' }).click();
    await page.waitForURL(/\/selectArea$/);
    await poll(() => page.getByTestId('select-area-current').textContent()).toContain('中国 广东省');
    await page.goBack();
    await page.waitForURL(/\/settings$/);
    await poll(() => page.getByTestId('settings-region').textContent()).toContain('中国 广东省');
  });

  it('the account keeps it: after a reload without the local pick, 设置 and /countryStateList show 广东省 from the server', async () => {
    await page.evaluate(() => {
      for (const key of ['useCustomArea', 'customAreaCode', 'customAreaState', 'userAreaState']) localStorage.removeItem(key);
    });
    await page.reload();
    // The app asks the server for the region at start (GetUserRegion) and keeps its answer, 广东省 with it.
    await poll(() => page.evaluate(() => localStorage.getItem('userAreaState'))).toBe('GD 广东省');
    expect(await page.evaluate(() => localStorage.getItem('customAreaState'))).toBeNull();
    await page.reload();
    await poll(() => page.getByTestId('settings-region').textContent()).toContain('中国 广东省');
    await page.goto(`${app.url}/countryStateList?country=CN`);
    await poll(() => page.getByTestId('country-states').locator('.account-row--selected').textContent()).toContain('广东省');
  });

  it('a country without a region list is chosen at once (法国)', async () => {
    await page.goto(`${app.url}/settings`);
    await page.getByTestId('settings-region').click();
    await page.waitForURL(/\/selectArea$/);
    await page.getByLabel('搜索国家和地区').fill('法国');
    await page.getByRole('button', { name: /法国/ }).click();
    await page.waitForURL(/\/settings$/);
    await poll(() => page.getByTestId('settings-region').textContent()).toMatch(/地区\s*法国$/);
  });
});
