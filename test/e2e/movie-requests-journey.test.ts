import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * 求片 (/seekingMovies) on two iPhones with two accounts: A asks for two titles; B sees the first among 热门求片 and
 * seconds it (同求), and A's 我的求片 counts 2; B asking for the second with other spacing and case joins A's request
 * (已有相同求片，已为你+1) rather than filing a new one.
 */
const { page: pageA, app, poll, logIn, otherPhone, shot } = useJourney();
let pageB: Page;
const stamp = Date.now() % 100000;
const userA = `seekA_${stamp}`;
const userB = `seekB_${stamp}`;
const first = `Night Owl ${stamp}`;
const second = `长夜 Story ${stamp}`;

async function ask(on: Page, title: string, kind: string): Promise<void> {
  await on.getByPlaceholder('请输入片名（必填）').fill(title);
  await on.getByPlaceholder('选填，如2019').fill('2020');
  await on.locator('.seek-kind', { hasText: kind }).click();
  await on.getByRole('button', { name: '提交求片' }).click();
}

const item = (on: Page, title: string) => on.getByTestId('seek-item').filter({ hasText: title });

beforeAll(async () => {
  pageB = await otherPhone();
  await registerThroughApi(app.url, userA, 'seek-pass-1');
  await registerThroughApi(app.url, userB, 'seek-pass-1');
});

describe('asking for a film and seconding it', () => {
  it('A asks for two titles: each is in 我的求片, 待处理, 1人想看', async () => {
    await logIn({ userName: userA, password: 'seek-pass-1' }, { on: pageA, redirect: '/seekingMovies' });
    await ask(pageA, first, '电影');
    await poll(() => pageA.getByTestId('seek-notice').textContent()).toContain('求片成功');
    await ask(pageA, second, '电视剧');
    await poll(() => item(pageA, second).count()).toBe(1);
    expect(await pageA.getByRole('tab', { name: '我的求片' }).getAttribute('aria-selected')).toBe('true');
    const row = item(pageA, first);
    expect(await row.textContent()).toMatch(/电影 · 2020.*待处理.*1人想看.*我发起的/);
  });

  it('B sees it among 热门求片 and seconds it once; the button turns 已同求', async () => {
    await logIn({ userName: userB, password: 'seek-pass-1' }, { on: pageB, redirect: '/seekingMovies' });
    const row = item(pageB, first);
    await poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('seek-wants').textContent()).toBe('1人想看');
    await row.getByRole('button', { name: '+1 同求' }).click();
    await poll(() => row.getByTestId('seek-wants').textContent()).toBe('2人想看');
    expect(await row.getByRole('button', { name: '已同求' }).isDisabled()).toBe(true);
    await shot('seeking-movies-hot', pageB, { fullPage: true });
  });

  it('A sees the count 2 on the request', async () => {
    await pageA.reload();
    await pageA.getByRole('tab', { name: '我的求片' }).click();
    await poll(() => item(pageA, first).getByTestId('seek-wants').textContent()).toBe('2人想看');
  });

  it('B asking for the second title with other spacing and case joins it: 已有相同求片，已为你+1', async () => {
    await ask(pageB, `  长夜   story   ${stamp} `, '动漫');
    await poll(() => pageB.getByTestId('seek-notice').textContent()).toBe('已有相同求片，已为你+1');
    const mine = item(pageB, second);
    await poll(() => mine.count()).toBe(1);
    expect(await mine.textContent()).toMatch(/电视剧 · 2020.*2人想看/);
    await pageA.reload();
    await pageA.getByRole('tab', { name: '我的求片' }).click();
    await poll(() => item(pageA, second).getByTestId('seek-wants').textContent()).toBe('2人想看');
    expect(await pageA.getByTestId('seek-item').filter({ hasText: String(stamp) }).count()).toBe(2);
    await shot('seeking-movies-mine', pageA, { fullPage: true });
  });
});
