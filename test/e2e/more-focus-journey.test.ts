import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO2_ACCOUNT } from '../../server/db/seed.ts';
import { registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * 更多关注 (/moreFocus) on an iPhone: a visitor is sent to /login; a new account that follows nobody gets 推荐关注,
 * opens 小鱼影视's space from it, follows them and, back on /moreFocus, sees their videos; the demo account demo2, who
 * follows demo, reaches it from /discovery's 关注 and sees demo's posts.
 */
const { page, app, poll, logIn } = useJourney();
const userName = `focus_${Date.now() % 100000}`;

beforeAll(async () => {
  await registerThroughApi(app.url, userName, 'focus-pass-1');
}, 240_000);

describe('更多关注', () => {
  it('a visitor is sent to /login', async () => {
    await page.goto(`${app.url}/moreFocus`);
    await page.waitForURL(/\/login\?redirect=%2FmoreFocus$/);
  });

  it('following nobody: 推荐关注 leads to 小鱼影视’s space; following them there fills /moreFocus with their videos', async () => {
    await logIn({ userName, password: 'focus-pass-1' }, { redirect: '/moreFocus' });
    await poll(() => page.getByTestId('focus-no-follows').count()).toBe(1);
    await page.getByTestId('focus-suggestion').filter({ hasText: '小鱼影视' }).click();
    await page.waitForURL(/\/space\/\d+$/);
    const follow = page.getByTestId('follow-button');
    await poll(() => follow.textContent()).toBe('关注');
    await follow.click();
    await poll(() => follow.textContent()).toBe('已关注');
    await page.goBack();
    await page.waitForURL(/\/moreFocus$/);
    const updates = page.getByTestId('focus-update');
    await poll(() => updates.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('focus-no-follows').count()).toBe(0);
    const first = updates.first();
    expect(await first.getAttribute('data-kind')).toBe('video');
    expect(await first.textContent()).toContain('小鱼影视发布了视频');
    await first.getByTestId('video-card').click();
    await page.waitForURL(/\/play\/[\w-]+$/);
  });

  it('the demo account demo2 opens it from /discovery’s 关注 and sees demo’s posts', async () => {
    await logIn(DEMO2_ACCOUNT, { redirect: '/discovery' });
    await page.getByTestId('discovery-tab-follow').click();
    await page.getByRole('button', { name: /更多关注/ }).click();
    await page.waitForURL(/\/moreFocus$/);
    const posts = page.locator('[data-testid="focus-update"][data-kind="post"]');
    await poll(() => posts.count()).toBeGreaterThan(0);
    await posts.first().getByTestId('post-card').getByRole('button').first().click();
    await page.waitForURL(/\/dynamicDetail\?id=\d+$/);
  });
});
