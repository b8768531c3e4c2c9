import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillLogin } from './support/accounts.ts';
import type { Page } from 'playwright-core';
import { PHONE } from './support/phone.ts';
import { makePostVideo, type PostVideo } from './support/post-video.ts';
import { DEMO_PASSWORD, useJourney } from './support/journey.ts';

const DESCRIPTION = '周末去哪儿？大家帮我选一个';
const QUESTION = '周末去哪儿玩？';
const OPTIONS = ['爬山', '看电影', '宅家'];
/** Each step's time limit: publishing uploads a video, and the machine may be busy. */
const JOURNEY_STEP_MS = 180_000;

/** demo's phone (iPhone): publishes the post with the poll, then manages it. */
const { page: author, app, browser, poll, logIn } = useJourney({ poll: { timeout: 15_000 } });
/** demo2's phone (iPhone, with the start ad): votes. */
let voter: Page;
let video: PostVideo;
let postPath = '';

const text = (on: Page, testId: string) => on.getByTestId(testId).first().textContent();

beforeAll(async () => {
  video = await makePostVideo(1_500_000);
  voter = await (await browser.newContext(PHONE)).newPage();
});

afterAll(async () => {
  await video?.remove();
});

describe('a poll on a post', () => {
  it('runs on an iPhone', async () => {
    expect(await author.evaluate('navigator.userAgent')).toMatch(/iPhone/);
    expect(await voter.evaluate('navigator.userAgent')).toMatch(/iPhone/);
  }, JOURNEY_STEP_MS);

  it('demo writes a post with a 投票 on /publishDynamic: the editor checks the options, 完成 keeps it', async () => {
    await logIn('demo', { redirect: '/publishDynamic' });
    await author.getByTestId('pick-video').setInputFiles(video.path);
    await author.waitForURL(/\/selectVideoPreview$/, { timeout: 20_000 });
    await author.getByTestId('select-video-next').click();
    await author.waitForURL(/\/publishDynamic$/);
    await author.getByTestId('publish-video').waitFor();
    await author.getByTestId('publish-description').fill(DESCRIPTION);

    await author.getByTestId('poll-row').click();
    await author.getByTestId('poll-editor-question').fill(QUESTION);
    const options = author.getByTestId('poll-editor-option');
    await options.nth(0).fill(OPTIONS[0]!);
    await options.nth(1).fill(OPTIONS[0]!);
    // Two alike are refused with the rule's message.
    await author.getByTestId('poll-editor-action').click();
    await author.locator('.adm-toast-main', { hasText: '选项不能重复' }).waitFor();
    await options.nth(1).fill(OPTIONS[1]!);
    await author.getByTestId('poll-editor-add').click();
    await options.nth(2).fill(OPTIONS[2]!);
    await author.getByRole('radio', { name: '3天' }).click();
    await author.getByTestId('poll-editor-action').click();
    await poll(() => text(author, 'poll-row-value')).toBe(QUESTION);
  }, JOURNEY_STEP_MS);

  it('publishes it; the post’s page shows the poll to its author with no votes yet', async () => {
    const published = author.locator('.adm-toast-main', { hasText: '发布成功' }).waitFor({ timeout: 150_000 });
    await author.getByTestId('publish').click();
    await published;
    await author.waitForURL(/\/myDynamic$/, { timeout: 30_000 });
    const first = author.getByTestId('post-card').first();
    await poll(() => first.getByTestId('post-text').textContent()).toBe(DESCRIPTION);
    await first.locator('.post-card__open').click();
    await author.waitForURL(/\/dynamicDetail\?id=\d+$/);
    postPath = new URL(author.url()).pathname + new URL(author.url()).search;
    await poll(() => text(author, 'poll-question'), 20_000).toBe(QUESTION);
    expect(await author.getByTestId('poll-option').allTextContents()).toEqual(OPTIONS);
    expect(await text(author, 'poll-voters')).toBe('0人参与');
    expect(await text(author, 'poll-state')).toMatch(/^剩余(3天|2天)$/);
  }, JOURNEY_STEP_MS);

  it('a visitor who taps 投票 is sent to log in; demo2 comes back and votes once, a second tap adds nothing', async () => {
    await voter.goto(`${app.url}${postPath}`);
    await poll(() => text(voter, 'poll-question'), 20_000).toBe(QUESTION);
    // A visitor sees no counts before voting.
    expect(await voter.getByTestId('poll-voters').count()).toBe(0);
    await voter.getByTestId('poll-option').nth(1).click();
    await voter.getByTestId('poll-submit').click();
    await voter.waitForURL(/\/login\?/);
    await fillLogin(voter, 'demo2', DEMO_PASSWORD);
    await voter.waitForURL((url) => url.pathname === '/dynamicDetail');
    const votes: string[] = [];
    voter.on('request', (request) => {
      if (request.url().includes('/api/Video/VoteLike')) votes.push(request.url());
    });
    await voter.getByTestId('poll-option').nth(1).click();
    expect(await voter.getByTestId('poll-option').nth(1).getAttribute('aria-checked')).toBe('true');
    await voter.getByTestId('poll-submit').dblclick();
    await voter.getByTestId('poll-results').waitFor();
    expect(votes).toHaveLength(1);
    await poll(() => text(voter, 'poll-voters')).toBe('1人参与');
    const rows = voter.getByTestId('poll-result');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(1).getAttribute('data-mine')).toBe('true');
    expect(await rows.nth(0).getAttribute('data-mine')).toBe('false');
    expect(await voter.getByTestId('poll-result-figures').allTextContents()).toEqual(['0票 · 0%', '1票 · 100%', '0票 · 0%']);
    // Back on the page later: the same result, with nothing left to tap.
    await voter.reload();
    await poll(() => text(voter, 'poll-voters'), 20_000).toBe('1人参与');
    expect(await voter.getByTestId('poll-result').nth(1).getAttribute('data-mine')).toBe('true');
    expect(await voter.getByTestId('poll-submit').count()).toBe(0);
  }, JOURNEY_STEP_MS);

  it('demo finds the poll on /voteManage with its one vote, ends it (confirmed), and the poll shows 已结束', async () => {
    await author.goto(`${app.url}/user`);
    await author.getByTestId('entry-vote-manage').click();
    await author.waitForURL(/\/voteManage$/);
    const row = author.getByTestId('vote-manage-row').first();
    await poll(() => row.getByTestId('vote-manage-question').textContent()).toBe(QUESTION);
    expect(await row.getByTestId('vote-manage-voters').textContent()).toBe('1人参与');
    expect(await row.getByTestId('vote-manage-state').textContent()).toBe('进行中');
    expect(await row.locator('.vote-manage__where').textContent()).toBe(`动态：${DESCRIPTION}`);
    await row.getByTestId('vote-manage-end').click();
    await author.locator('.adm-dialog').getByRole('button', { name: '结束投票' }).click();
    await poll(() => author.getByTestId('vote-manage-state').first().textContent()).toBe('已结束');
    expect(await author.getByTestId('vote-manage-end').count()).toBe(0);

    await voter.reload();
    await poll(() => text(voter, 'poll-state'), 20_000).toBe('已结束');
    expect(await text(voter, 'poll-voters')).toBe('1人参与');
  }, JOURNEY_STEP_MS);
});
