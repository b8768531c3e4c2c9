import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';

/** User A's phone (first a visitor). */
const { page, app, poll, otherPhone, toast, dialogButton } = useJourney();
/** User B's phone (a second browser context). */
let other: Page;
let aId = 0;
let bId = 0;
let bName = '';

const dialog = (on: Page) => on.locator('.adm-modal, .adm-dialog');
const followButton = (on: Page) => on.getByTestId('follow-button');
const userId = (on: Page) => on.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: number }).id ?? 0);
const rowNames = (on: Page) => on.getByTestId('user-row').locator('.user-row__name').allTextContents();

let counter = 0;
/** Registers a fresh user through the form (lands on /user, logged in); answers the account name. */
async function register(on: Page, prefix: string): Promise<string> {
  counter += 1;
  const name = `${prefix}${Date.now() % 1_000_000}${counter}`;
  await on.goto(`${app.url}/register`);
  await on.getByPlaceholder('4-20位字母、数字或下划线').fill(name);
  await on.getByPlaceholder('至少8位，可含空格').fill('secret123');
  await on.getByPlaceholder('请再次输入密码').fill('secret123');
  await on.getByRole('button', { name: '注册', exact: true }).click();
  await on.waitForURL(/\/user$/);
  return name;
}

async function openSpace(on: Page, uid: number): Promise<void> {
  await on.goto(`${app.url}/space/${uid}`);
  await poll(() => on.getByTestId('space-header').count()).toBe(1);
}

beforeAll(async () => {
  other = await otherPhone();
  bName = await register(other, 'userb');
  bId = await userId(other);
});

describe('follow, block and report between two users', () => {
  it('a visitor tapping 关注 on a space is sent to /login with the way back', async () => {
    await openSpace(page, bId);
    await poll(() => followButton(page).textContent()).toBe('关注');
    await followButton(page).click();
    await page.waitForURL(new RegExp(`/login\\?redirect=${encodeURIComponent(`/space/${bId}`)}$`));
  });

  it('A follows B on B\'s space (关注 → 已关注 with the server\'s toast) and B is in A\'s /userListPage, A in B\'s /fansRecords', async () => {
    await register(page, 'usera');
    aId = await userId(page);
    expect(aId).toBeGreaterThan(0);
    await openSpace(page, bId);
    // B's own space shows neither button.
    await openSpace(other, bId);
    expect(await other.getByTestId('space-actions').count()).toBe(0);

    await poll(() => followButton(page).textContent()).toBe('关注');
    await followButton(page).click();
    await poll(() => followButton(page).textContent()).toBe('已关注');
    await poll(() => toast(page).textContent()).toBe('关注成功');

    await page.goto(`${app.url}/userListPage`);
    await poll(() => rowNames(page)).toEqual([bName]);
    await other.goto(`${app.url}/fansRecords`);
    await poll(() => other.getByTestId('user-row').count()).toBe(1);
    expect(await other.getByTestId('user-row').getAttribute('data-uid')).toBe(String(aId));
    // B's follow-back button reads 关注 (B does not follow A).
    expect(await other.getByTestId('user-row').getByTestId('follow-button').textContent()).toBe('关注');
  });

  it('A unfollows (→ 关注); B leaves A\'s list and A leaves B\'s fans', async () => {
    await openSpace(page, bId);
    await poll(() => followButton(page).textContent()).toBe('已关注');
    await followButton(page).click();
    await poll(() => followButton(page).textContent()).toBe('关注');
    await poll(() => toast(page).textContent()).toBe('已取消关注');
    await page.goto(`${app.url}/userListPage?type=focus`);
    await poll(() => page.getByText('还没有关注任何人').count()).toBe(1);
    await other.goto(`${app.url}/fansRecords`);
    await poll(() => other.getByText('还没有粉丝').count()).toBe(1);
  });

  it('the 私信 button opens the chat with B', async () => {
    await openSpace(page, bId);
    await page.getByRole('button', { name: '私信', exact: true }).click();
    await page.waitForURL(new RegExp(`/chat\\?toUid=${bId}&`));
    const url = new URL(page.url());
    expect(url.searchParams.get('nickName')).toBe(bName);
    expect(url.searchParams.get('avatar')).not.toBeNull();
  });

  it('A blocks B from /chatSet (confirmed): B\'s space shows 已拉黑 and B is on A\'s /blacklist', async () => {
    await openSpace(page, bId);
    await followButton(page).click();
    await poll(() => followButton(page).textContent()).toBe('已关注');

    await page.goto(`${app.url}/chatSet?toUid=${bId}`);
    await poll(() => page.getByTestId('chat-set-user').textContent()).toContain(bName);
    await page.getByRole('button', { name: '加入黑名单' }).click();
    await dialogButton('确定').click();
    await poll(() => page.getByRole('button', { name: '移出黑名单' }).count()).toBe(1);
    await poll(() => toast(page).textContent()).toBe('已拉黑');

    await page.getByRole('button', { name: '查看主页' }).click();
    await page.waitForURL(new RegExp(`/space/${bId}$`));
    await poll(() => followButton(page).textContent()).toBe('已拉黑');

    await page.goto(`${app.url}/blacklist`);
    await poll(() => rowNames(page)).toEqual([bName]);
    // The block ended A's follow.
    await page.goto(`${app.url}/userListPage`);
    await poll(() => page.getByText('还没有关注任何人').count()).toBe(1);
  });

  it('B\'s message to A is refused with 对方已将你拉黑，消息发送失败', async () => {
    await other.goto(`${app.url}/chat?toUid=${aId}`);
    const input = other.getByPlaceholder('发个消息吧~');
    const chatScreen = await input.waitFor({ timeout: 10_000 }).then(() => true, () => false);
    if (chatScreen) {
      await input.fill('你好');
      await other.getByRole('button', { name: '发送', exact: true }).click();
      await poll(() => toast(other).textContent()).toBe('对方已将你拉黑，消息发送失败');
      expect(await input.inputValue()).toBe('你好');
    } else {
      // /chat is not built yet: the same refusal straight through the API from B's page.
      console.warn('social-journey: /chat has no input yet, the refusal is checked through POST /api/Chat/SendMessage');
      const answer = await other.evaluate(async (toUid) => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { token: Record<string, string | number> };
        const fields = { ...user.token, login_uid: String(user.token.uid), toUid: String(toUid), content: '你好', clientId: 'e2e-1' };
        const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
        const response = await fetch('/api/Chat/SendMessage', { method: 'POST', body });
        return (await response.json()) as { ret: number; msg: string };
      }, aId);
      expect(answer).toMatchObject({ ret: 8002, msg: '对方已将你拉黑，消息发送失败' });
    }
  });

  it('A unblocks B from /blacklist through the 取消拉黑 dialog', async () => {
    await page.goto(`${app.url}/blacklist`);
    await poll(() => rowNames(page)).toEqual([bName]);
    await page.getByRole('button', { name: '移出黑名单' }).click();
    await poll(() => dialog(page).textContent()).toContain('您已拉黑该用户，是否移出黑名单？');
    expect(await dialog(page).textContent()).toContain('取消拉黑');
    await dialogButton('确定').click();
    await poll(() => page.getByText('黑名单里还没有人').count()).toBe(1);
    await openSpace(page, bId);
    await poll(() => followButton(page).textContent()).toBe('关注');
  });

  it('A reports B from /complaint and sees 已收到您的举报 with 我知道了, then goes back', async () => {
    await page.goto(`${app.url}/chatSet?toUid=${bId}`);
    await page.getByRole('button', { name: '举报', exact: true }).click();
    await page.waitForURL(new RegExp(`/complaint\\?uid=${bId}$`));
    const submit = page.getByRole('button', { name: '提交', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: '垃圾广告' }).check();
    await page.getByPlaceholder('请描述举报原因（选填）').fill('一直发广告链接');
    await submit.click();
    await poll(() => dialog(page).textContent()).toContain('已收到您的举报');
    expect(await dialog(page).textContent()).toContain('如果该内容违反社区规范，我们将予以删除。');
    await dialogButton('我知道了').click();
    await page.waitForURL(new RegExp(`/chatSet\\?toUid=${bId}$`));
  });
});
