import { beforeAll, describe, expect, it } from 'vitest';
import { fillLogin, registerThroughApi } from './support/accounts.ts';
import { runAdminCommand } from './support/admin-command.ts';
import { useJourney } from './support/journey.ts';

/**
 * 兑换VIP on an iPhone: the operator mints codes with `npm run admin -- codes create` on the journey's own database
 * before its server starts (a PGlite data folder is one process's), then a new account redeems one on /exchangeVip
 * (typed in lower case with spaces), sees its new VIP expiry, finds the redemption on /openVipRecords, is refused
 * the same code again, and redeems a choice code for the package it picks on /selectPack.
 */
const { page, app } = useJourney({
  prepareData: async (database) => {
    [single = ''] = await runAdminCommand(database, ['codes', 'create', '--package', '101', '--count', '1']);
    [choice = ''] = await runAdminCommand(database, ['codes', 'create', '--package', '101', '--package', '202', '--count', '1', '--expires', '2099-12-31']);
  },
});
/** The codes the admin command printed: a 黄金月卡 (101) code, and one allowing 101 or 钻石季卡 (202). */
let single = '';
let choice = '';

const USER = `redeem${Date.now().toString(36)}`;
const PASSWORD = 'redeem-pass-1';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Today plus `days` as the server writes VIP dates (YYYY-MM-DD, China time). */
const chinaDateAfter = (days: number) => new Date(Date.now() + days * DAY_MS + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  await registerThroughApi(app.url, USER, PASSWORD);
});

async function redeem(code: string): Promise<void> {
  await page.getByPlaceholder('请输入兑换码').fill(code);
  await page.getByRole('button', { name: '立即兑换' }).click();
}

describe('redeem code journey (iPhone)', () => {
  it('the admin command printed the codes (groups of four)', () => {
    expect(single).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    expect(choice).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
  });

  it('from /vip, 兑换VIP asks a visitor to log in, then redeems a code typed in lower case with spaces', async () => {
    await page.goto(`${app.url}/vip`);
    await page.getByTestId('vip-exchange-link').click();
    await page.getByPlaceholder('请输入账号').waitFor();
    await fillLogin(page, USER, PASSWORD);
    await page.waitForURL(/\/exchangeVip/);

    await redeem(` ${single.toLowerCase().replace(/-/g, ' ')} `);
    const expiry = chinaDateAfter(30);
    await expect.poll(() => page.getByTestId('redeem-grant').textContent()).toContain(`兑换成功，VIP有效期至 ${expiry}`);
    await expect.poll(() => page.getByTestId('redeem-grant').textContent()).toContain('黄金VIP·黄金月卡 30天');
  });

  it('/vip shows the new expiry; /openVipRecords lists the redemption', async () => {
    await page.goto(`${app.url}/vip`);
    await expect.poll(() => page.getByTestId('vip-line').textContent()).toContain(chinaDateAfter(30));
    await page.getByTestId('vip-records-link').click();
    await page.waitForURL(/\/openVipRecords/);
    const record = page.getByTestId('vip-record').first();
    await expect.poll(() => record.textContent()).toContain('兑换码');
    const text = (await record.textContent()) ?? '';
    expect(text).toContain('黄金VIP·黄金月卡 30天');
    expect(text).toContain('成功');
    expect(text).toContain(`VIP有效期至 ${chinaDateAfter(30)}`);
    expect(text).toContain(`****${single.slice(-4)}`);
    expect(await page.getByTestId('vip-record').count()).toBe(1);
  });

  it('the used code is refused: 兑换码已被使用; a made-up one: 兑换码不存在', async () => {
    await page.goto(`${app.url}/exchangeVip`);
    await redeem(single);
    await expect.poll(() => page.getByTestId('redeem-refusal').textContent()).toBe('兑换码已被使用');
    await redeem('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await expect.poll(() => page.getByTestId('redeem-refusal').textContent()).toBe('兑换码不存在');
  });

  it('a choice code opens /selectPack; the package picked (钻石季卡) is granted, upgrading the time', async () => {
    await redeem(choice);
    await page.waitForURL(/\/selectPack/);
    await page.getByRole('radio', { name: /钻石VIP·钻石季卡/ }).click();
    await page.getByRole('button', { name: '确认兑换' }).click();
    await page.waitForURL(/\/exchangeVip/);
    await expect.poll(() => page.getByTestId('redeem-grant').textContent()).toContain(`兑换成功，VIP有效期至 ${chinaDateAfter(130)}`);
    await page.getByRole('button', { name: '开通记录' }).click();
    await expect.poll(() => page.getByTestId('vip-record').count()).toBe(2);
    expect(await page.getByTestId('vip-record').first().textContent()).toContain('钻石VIP·钻石季卡 100天');
  });
});
