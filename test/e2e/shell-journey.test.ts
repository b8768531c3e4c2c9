import { describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.ts';

const { page, app, shot } = useJourney({ npmStart: true });

const tabBar = () => page.locator('nav.tab-bar');
const tab = (key: string) => page.locator(`nav.tab-bar [data-tab="${key}"]`);
const iconAnimation = () => tab('vip').locator('.tab-bar__icon').evaluate((icon) => getComputedStyle(icon).animationName);
/**
 * Taps a tab by dispatching the click on the button itself: the start advertisement or the open-app popup
 * (other parts of the app) may cover the page at times, and this journey is about the shell.
 */
const tapTab = (key: string) => tab(key).dispatchEvent('click');
const activeTab = () => page.locator('nav.tab-bar [aria-current="page"]').getAttribute('data-tab');
const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
/** Makes the page shown tall enough to scroll, whatever its content. */
const makeTall = () =>
  page.evaluate(() => {
    const slot = document.querySelector<HTMLElement>('.page-slot:not([hidden])');
    if (slot) slot.style.minHeight = '4000px';
  });
const path = () => new URL(page.url()).pathname;
/**
 * Makes the shown page tall and scrolls it to `y`, again until it holds: a lazily loaded screen may still be
 * replacing the slot (and its height) just after the URL changed, which would pull the scroll back.
 */
const scrollShownPageTo = (y: number) =>
  expect
    .poll(async () => {
      await makeTall();
      await page.evaluate(`window.scrollTo(0, ${y})`);
      return scrollY();
    })
    .toBe(y);

describe('the app shell: tab bar, titles, scroll and kept pages', () => {
  it('shows the five tabs on home, home active, with the home title', async () => {
    await page.goto(`${app.url}/`);
    await tabBar().waitFor();
    expect(await page.locator('nav.tab-bar button').allTextContents()).toEqual(['首页', '发现', expect.any(String), '热播榜', '我的']);
    await expect.poll(activeTab).toBe('home');
    await expect.poll(() => page.title()).toBe('首页 - 奇遇视频');
    await shot('shell-home');
  });

  it('the VIP tab shows the running recharge activity with the animated icon', async () => {
    await expect.poll(() => tab('vip').textContent()).toBe('充值享优惠');
    expect(await tab('vip').getAttribute('class')).toContain('tab-bar__item--activity');
  });

  it('the activity icon pulses, but keeps still when reduced motion is asked for (as journey phones ask): then no endless animation runs', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await iconAnimation()).toBe('vip-activity-pulse');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await iconAnimation()).toBe('none');
    expect(await page.evaluate(() => document.getAnimations().filter((running) => running.effect?.getTiming().iterations === Infinity).length)).toBe(0);
  });

  it('switches tabs through the tab bar: URL, active tab and title follow, history is replaced (discovery pushed: iOS Safari)', async () => {
    const before = await page.evaluate(() => window.history.length);
    await tapTab('rank');
    await page.waitForURL(/\/rank$/);
    await expect.poll(activeTab).toBe('rank');
    await expect.poll(() => page.title()).toBe('热播榜 - 奇遇视频');
    await tapTab('discovery');
    await page.waitForURL(/\/discovery$/);
    await expect.poll(activeTab).toBe('discovery');
    await expect.poll(() => page.title()).toBe('发现 - 奇遇视频');
    await tapTab('user');
    await page.waitForURL(/\/user$/);
    await expect.poll(activeTab).toBe('user');
    await expect.poll(() => page.title()).toBe('我的 - 奇遇视频');
    // The phone is an iPhone in Safari, where discovery is pushed onto history (spec: tab bar); the others replace.
    expect(await page.evaluate(() => window.history.length)).toBe(before + 1);
  });

  it('tapping the VIP tab opens /vip and the activity icon gives way to VIP', async () => {
    await tapTab('vip');
    await page.waitForURL(/\/vip$/);
    await expect.poll(() => tab('vip').textContent()).toBe('VIP');
    expect(await page.evaluate(() => localStorage.getItem('vipIconDate'))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('re-tapping the current tab scrolls its page to the top', async () => {
    await tapTab('rank');
    await page.waitForURL(/\/rank$/);
    await scrollShownPageTo(1500);
    await tapTab('rank');
    await expect.poll(scrollY, { timeout: 5000 }).toBe(0);
    expect(path()).toBe('/rank');
  });

  it('a kept (cacheable) page keeps its scroll position when revisited', async () => {
    await tapTab('home');
    await page.waitForURL((url) => url.pathname === '/');
    await scrollShownPageTo(900);
    await tapTab('user');
    await page.waitForURL(/\/user$/);
    await expect.poll(scrollY).toBe(0);
    await tapTab('home');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(scrollY).toBe(900);
    expect(await page.locator('.page-slot[data-kept="/"]').count()).toBe(1);
  });

  it('a deeper page slides in from the right, without the tab bar; the back arrow returns with a slide to the right', async () => {
    // With motion (journeys otherwise ask for reduced motion: support/phone.ts).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(`${app.url}/user`);
    await tabBar().waitFor();
    await page.getByRole('button', { name: '登录/注册' }).dispatchEvent('click');
    await page.waitForURL(/\/login\?redirect=%2Fuser$/);
    await expect.poll(() => page.locator('.page-slot:not([hidden])').getAttribute('class')).toContain('page-slot--slide-left');
    expect(await page.locator('.page-slot:not([hidden])').evaluate((el) => getComputedStyle(el).animationName)).toBe('page-slide-left');
    expect(await tabBar().count()).toBe(0);
    await expect.poll(() => page.title()).toBe('登录 - 奇遇视频');
    await shot('shell-login');
    // The previous page was /user (not home) and the login page gives no target: one step back.
    await page.getByRole('button', { name: '返回' }).dispatchEvent('click');
    await page.waitForURL(/\/user$/);
    await tabBar().waitFor();
    await expect.poll(() => page.locator('.page-slot:not([hidden])').getAttribute('class')).toContain('page-slot--slide-right');
  });

  it('with reduced motion asked for, pages do not slide', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: '登录/注册' }).dispatchEvent('click');
    await page.waitForURL(/\/login/);
    await expect.poll(() => page.locator('.page-slot:not([hidden])').getAttribute('class')).toContain('page-slot--slide-left');
    expect(await page.locator('.page-slot:not([hidden])').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await page.goBack();
    await page.waitForURL(/\/user$/);
  });

  it('the demo user sees the red dot on the account tab (the unread welcome message)', async () => {
    expect(await page.getByTestId('tab-dot-user').count()).toBe(0);
    await page.getByRole('button', { name: '登录/注册' }).dispatchEvent('click');
    await page.waitForURL(/\/login/);
    await page.getByPlaceholder('请输入账号').fill('demo');
    await page.getByPlaceholder('请输入密码').fill('demo123456');
    await page.getByRole('button', { name: '登录', exact: true }).dispatchEvent('click');
    await page.waitForURL(/\/user$/);
    await tabBar().waitFor();
    await expect.poll(() => page.getByTestId('tab-dot-user').count()).toBe(1);
    await shot('shell-red-dot');
  });

  it('an unknown path shows the not-found page without the tab bar', async () => {
    await page.goto(`${app.url}/no-such-page`);
    await page.getByText('您访问的页面不存在或已被删除').waitFor();
    expect(await tabBar().count()).toBe(0);
    await expect.poll(() => page.title()).toBe('页面不存在 - 奇遇视频');
  });

  it('a category alias shows home with the tab bar', async () => {
    await page.goto(`${app.url}/movie`);
    await tabBar().waitFor();
    await expect.poll(activeTab).toBe('home');
    await expect.poll(() => page.title()).toBe('首页 - 奇遇视频');
  });
});
