import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useJourney } from './support/journey.ts';

/**
 * 收到的赞 and 评论和回复 on two phones (iPhone Safari): A comments on a video; B, in another browser context, likes
 * that comment and replies to it; A sees the counts on /user and /message, reads both lists (the counts clear), and
 * a tap opens the video at the reply.
 */
const { page: pageA, app, poll, otherPhone } = useJourney({ poll: { timeout: 15_000 } });
let pageB: Page;
const MEDIA_KEY = 'movie-04';
const PASSWORD = 'secret123';
const stamp = Date.now() % 1_000_000;
const A_COMMENT = `这部片子值得再看一遍${stamp}`;
const B_REPLY = `<b>同感</b><img src=x onerror="window.__hacked=1">${stamp}`;

/** Registers a fresh user through the form (it lands on /user, signed in); answers the account name (the nickname too). */
async function register(on: Page, prefix: string): Promise<string> {
  const userName = `${prefix}${stamp}`;
  await on.goto(`${app.url}/register`);
  await on.getByPlaceholder('4-20位字母、数字或下划线').fill(userName);
  await on.getByPlaceholder('至少8位，可含空格').fill(PASSWORD);
  await on.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await on.getByRole('button', { name: '注册', exact: true }).click();
  await on.waitForURL(/\/user$/);
  return userName;
}

async function openPlay(on: Page): Promise<void> {
  await on.goto(`${app.url}/play/${MEDIA_KEY}`);
  await on.getByTestId('comment-section').waitFor({ timeout: 30_000 });
}

/** The comment whose own text (not its replies') is `text`. */
const commentOf = (on: Page, text: string) =>
  on.getByTestId('comment-item').filter({ has: on.locator(':scope > .comment__main > .comment__content', { hasText: text }) });

/** The /user page's message count (0 when no badge shows). */
async function messageBadge(on: Page): Promise<number> {
  const badge = on.getByTestId('message-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

const entryBadge = (on: Page, testId: string) => on.getByTestId(testId).locator('.unread-badge');

beforeAll(async () => {
  pageB = await otherPhone();
});

describe('收到的赞 and 评论和回复', () => {
  let nickB = '';
  let before = 0;

  it('A comments on a video', async () => {
    await register(pageA, 'likeA');
    await pageA.getByTestId('entry-message').waitFor();
    before = await messageBadge(pageA);
    await openPlay(pageA);
    await pageA.getByTestId('comment-input').fill(A_COMMENT);
    await pageA.getByTestId('comment-send').click();
    await poll(() => commentOf(pageA, A_COMMENT).count()).toBe(1);
    // Shown at once while it is sent (发送中): stored once its 回复 opens. Leaving earlier could cancel the send.
    await poll(() => commentOf(pageA, A_COMMENT).getByTestId('comment-reply-button').first().isEnabled()).toBe(true);
    await pageA.goto(`${app.url}/message`);
    await pageA.getByTestId('entry-likes').waitFor();
    expect(await entryBadge(pageA, 'entry-likes').count()).toBe(0);
    expect(await entryBadge(pageA, 'entry-replies').count()).toBe(0);
  }, 120_000);

  it('B, on another phone, likes the comment and replies to it', async () => {
    nickB = await register(pageB, 'likeB');
    await openPlay(pageB);
    const target = commentOf(pageB, A_COMMENT);
    // A loaded machine may answer the first list before A's comment is readable: B reloads, as a person pulls to
    // refresh, each time giving the list time to come (a reload every few seconds could outrun a slow list for ever).
    for (let attempt = 1; ; attempt++) {
      const shown = await target.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (shown || attempt === 3) break;
      await openPlay(pageB);
    }
    expect(await target.count()).toBe(1);
    await target.getByTestId('comment-like').first().click();
    await poll(() => target.getByTestId('comment-like').first().getAttribute('aria-pressed')).toBe('true');
    await target.getByTestId('comment-reply-button').first().click();
    await pageB.getByTestId('comment-input').fill(B_REPLY);
    await pageB.getByTestId('comment-send').click();
    await poll(() => target.getByTestId('comment-reply').filter({ hasText: `${stamp}` }).count()).toBe(1);
  }, 120_000);

  it('A, left on /message, sees the like and the reply counted as they happen, and on /user', async () => {
    await poll(() => entryBadge(pageA, 'entry-likes').textContent()).toBe('1');
    await poll(() => entryBadge(pageA, 'entry-replies').textContent()).toBe('1');
    await pageA.goto(`${app.url}/user`);
    await poll(() => messageBadge(pageA)).toBe(before + 2);
    expect(await pageA.getByTestId('tab-dot-user').count()).toBe(1);
    await pageA.getByTestId('entry-message').click();
    await pageA.waitForURL(/\/message$/);
    await poll(() => entryBadge(pageA, 'entry-likes').textContent()).toBe('1');
  }, 120_000);

  it('收到的赞 shows B\'s like of the comment, unread this once; the count clears', async () => {
    await pageA.getByTestId('entry-likes').click();
    await pageA.waitForURL(/\/getLike$/);
    const row = pageA.getByTestId('received-like');
    await poll(() => row.count()).toBe(1);
    expect(await row.locator('.interaction__headline').textContent()).toContain(`${nickB}赞了你的评论`);
    expect(await row.getByTestId('received-like-content').textContent()).toContain(A_COMMENT);
    expect(await row.locator('.time-label').textContent()).toBe('刚刚');
    expect(await row.getAttribute('class')).toContain('interaction--unread');
    await pageA.goto(`${app.url}/message`);
    await poll(() => entryBadge(pageA, 'entry-replies').textContent()).toBe('1');
    expect(await entryBadge(pageA, 'entry-likes').count()).toBe(0);
  }, 120_000);

  it('评论和回复 shows B\'s reply as plain text with A\'s comment; the counts clear; a tap opens the video at the reply', async () => {
    await pageA.getByTestId('entry-replies').click();
    await pageA.waitForURL(/\/commentAndReply$/);
    const row = pageA.getByTestId('received-reply');
    await poll(() => row.count()).toBe(1);
    expect(await row.locator('.interaction__headline').textContent()).toContain(`${nickB} 回复了你的评论`);
    expect(await row.getByTestId('received-reply-content').textContent()).toBe(B_REPLY);
    expect(await row.getByTestId('received-reply-content').locator('img, b').count()).toBe(0);
    expect(await pageA.evaluate(() => (window as unknown as { __hacked?: number }).__hacked)).toBeUndefined();
    expect(await row.locator('.interaction__original').textContent()).toBe(A_COMMENT);

    await pageA.goto(`${app.url}/message`);
    await pageA.getByTestId('entry-replies').waitFor();
    await poll(() => entryBadge(pageA, 'entry-replies').count()).toBe(0);
    expect(await entryBadge(pageA, 'entry-likes').count()).toBe(0);
    await pageA.goto(`${app.url}/user`);
    await poll(() => messageBadge(pageA)).toBe(before);

    await pageA.goto(`${app.url}/commentAndReply`);
    await pageA.getByTestId('received-reply').click();
    await pageA.waitForURL(new RegExp(`/play/${MEDIA_KEY}\\?commentId=\\d+&replyId=\\d+$`));
    const focused = pageA.locator('.comment--focused');
    await poll(() => focused.count()).toBe(1);
    expect(await focused.getAttribute('data-testid')).toBe('comment-reply');
    expect(await focused.locator('.comment__content').textContent()).toContain(B_REPLY);
    await poll(() => focused.isVisible()).toBe(true);
    const inView = await focused.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
  }, 120_000);
});
