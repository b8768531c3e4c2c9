import { beforeAll, describe, expect, it } from 'vitest';
import { fillLogin, registerThroughApi } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/**
 * The task centre on an iPhone: a new account signs in for the day and comments on a video, finds both tasks
 * finished on /taskCenter, claims them (a quick double tap pays once), and sees its level rise on /myLevel.
 */
const { page, app, poll } = useJourney({ poll: { timeout: 15_000 } });
const userName = `tasker_${Date.now() % 100000}`;
const row = (key: string) => page.getByTestId(`task-${key}`);
const buttonOf = (key: string) => row(key).getByTestId('task-button');

beforeAll(async () => {
  await registerThroughApi(app.url, userName, 'task-pass-1');
}, 240_000);

describe('daily tasks pay once and raise the level', () => {
  it('a visitor opening /taskCenter is sent to log in and comes back', async () => {
    await page.goto(`${app.url}/taskCenter`);
    await page.waitForURL(/\/login\?redirect=%2FtaskCenter/);
    await fillLogin(page, userName, 'task-pass-1');
    await page.waitForURL(/\/taskCenter$/);
    await poll(() => row('signIn').getByTestId('task-progress').textContent()).toBe('0/1');
    expect(await buttonOf('signIn').textContent()).toBe('去完成');
    expect(await row('watch').getByTestId('task-progress').textContent()).toBe('0/10分钟');
    expect(await row('comment').getByTestId('task-reward').textContent()).toBe('+10经验 +5金币');
  });

  it('去完成 on 每日签到 opens /signIn, where the account signs in for the day', async () => {
    await buttonOf('signIn').click();
    await page.waitForURL(/\/signIn$/);
    await poll(() => page.getByTestId('sign-in-button').isEnabled()).toBe(true);
    await page.getByTestId('sign-in-button').click();
    await poll(() => page.getByTestId('sign-in-button').textContent()).toBe('今日已签到');
  });

  it('the account comments on a video', async () => {
    await page.goto(`${app.url}/play/movie-03`);
    await page.getByTestId('comment-section').waitFor({ timeout: 30_000 });
    await page.getByTestId('comment-input').fill('做任务顺便评论一下，好看');
    await page.getByTestId('comment-send').click();
    const comment = page.getByTestId('comment-item').filter({ hasText: '做任务顺便评论一下' });
    await poll(() => comment.count()).toBe(1);
    // Shown at once while it is sent (发送中): stored once its 回复 opens. Leaving earlier could cancel the send.
    await poll(() => comment.getByTestId('comment-reply-button').first().isEnabled()).toBe(true);
  });

  it('/user leads to 任务中心, where both tasks are ready; a quick double tap on 领取 pays once', async () => {
    await page.goto(`${app.url}/user`);
    await page.getByTestId('entry-task-center').click();
    await page.waitForURL(/\/taskCenter$/);
    await poll(() => buttonOf('signIn').textContent()).toBe('领取');
    expect(await buttonOf('comment').textContent()).toBe('领取');
    // The sign-in itself earned 10 experience and 5 gold.
    expect(await page.getByTestId('task-experience').textContent()).toBe('经验 10');
    expect(await page.getByTestId('task-gold').textContent()).toBe('金币 5');
    await buttonOf('signIn').dblclick();
    await poll(() => buttonOf('signIn').textContent()).toBe('已领取');
    await poll(() => page.getByTestId('task-gold').textContent()).toBe('金币 10');
    expect(await page.getByTestId('task-experience').textContent()).toBe('经验 20');
    expect(await buttonOf('signIn').getAttribute('aria-disabled')).toBe('true');
    await page.reload();
    await poll(() => buttonOf('signIn').textContent()).toBe('已领取');
    expect(await page.getByTestId('task-gold').textContent()).toBe('金币 10');
    expect(await page.getByTestId('task-experience').textContent()).toBe('经验 20');
  });

  it('claiming 发表一条评论 raises the level: /myLevel shows Lv2 and the way to Lv3', async () => {
    await buttonOf('comment').click();
    await poll(() => buttonOf('comment').textContent()).toBe('已领取');
    await poll(() => page.getByTestId('task-experience').textContent()).toBe('经验 30');
    await page.getByTestId('link-my-level').click();
    await page.waitForURL(/\/myLevel$/);
    await poll(() => page.getByTestId('my-level').textContent()).toBe('Lv2');
    expect(await page.getByTestId('level-bar-text').textContent()).toBe('30 / 70');
    expect(await page.getByTestId('level-next').textContent()).toBe('还需40经验升级到Lv3');
    await page.goto(`${app.url}/user`);
    await poll(() => page.locator('.user-header .level-icon').textContent()).toBe('Lv2');
    await page.goto(`${app.url}/play/movie-03`);
    const mine = page.getByTestId('comment-item').filter({ hasText: '做任务顺便评论一下' });
    await poll(() => mine.locator('.level-icon').first().textContent()).toBe('Lv2');
  });

  it('新手任务 lists the one-time tasks; 去完成 on 设置昵称 opens the nickname page', async () => {
    await page.goto(`${app.url}/taskCenter`);
    await page.getByTestId('link-new-hand').click();
    await page.waitForURL(/\/newHandTask$/);
    await poll(() => buttonOf('nickname').textContent()).toBe('去完成');
    expect(await row('phone').getByTestId('task-reward').textContent()).toBe('+20经验 +50金币');
    await buttonOf('nickname').click();
    await page.waitForURL(/\/editNickname$/);
  });
});
