import { beforeAll, describe, expect, it } from 'vitest';
import { useJourney } from './support/journey.ts';

const { page, app, context, poll } = useJourney();

beforeAll(async () => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
});

const section = (name: string) => page.locator(`[data-section="${name}"]`);
const choose = (name: string, option: string) => section(name).getByText(option, { exact: true }).click();
/** The submit button is aria-disabled until the form is filled, yet a tap still reaches it (and toasts what is missing). */
const tapSubmit = () => page.getByTestId('feedback-submit').click({ force: true });

describe('play feedback', () => {
  it('refuses until device, browser and question are chosen, then sends and goes back', async () => {
    await page.goto(`${app.url}/help`);
    await page.goto(`${app.url}/playFeedBack?gid=12&name=${encodeURIComponent('第3集')}&videoTitle=${encodeURIComponent('演示影片')}`);
    await poll(() => page.getByTestId('feedback-video').textContent()).toContain('演示影片 第3集');
    const submit = page.getByTestId('feedback-submit');
    await poll(() => submit.getAttribute('aria-disabled')).toBe('true');

    await tapSubmit();
    await poll(() => page.getByText('请选择设备').count()).toBeGreaterThan(0);
    await choose('device', '安卓手机');
    await tapSubmit();
    await poll(() => page.getByText('请选择浏览器').count()).toBeGreaterThan(0);
    await choose('browser', 'UC浏览器');
    await tapSubmit();
    await poll(() => page.getByText('请选择问题').count()).toBeGreaterThan(0);
    await choose('question', '无法播放');
    await choose('question', '音画不同步');
    await poll(() => submit.getAttribute('aria-disabled')).toBe('false');

    const description = page.getByPlaceholder('请描述您遇到的问题');
    await description.fill('字'.repeat(101));
    await poll(() => description.inputValue()).toBe('字'.repeat(100));
    await description.press('End');
    await description.pressSequentially('多');
    expect(await description.inputValue()).toHaveLength(100);
    await poll(() => page.getByTestId('feedback-counter').textContent()).toBe('100/100');

    const answered = page.waitForResponse((response) => response.url().includes('/api/user/ProblemCollect'));
    await submit.click();
    const response = await answered;
    const query = new URL(response.url()).searchParams;
    expect(query.get('setName')).toBe('安卓手机');
    expect(query.get('browser')).toBe('UC浏览器');
    expect(query.get('question')).toBe('音画不同步#无法播放');
    expect(query.get('gid')).toBe('12');
    const body = (await response.json()) as { ret: number; msg: string; data: { id: number } };
    expect(body.ret).toBe(200);
    expect(body.data.id).toBeGreaterThan(0);
    await poll(() => page.getByText('感谢您的反馈，我们会尽快处理').count()).toBeGreaterThan(0);
    await page.waitForURL(/\/help$/, { timeout: 10_000 });
  });

  it('shows Traditional options with ?language=zh-TW and no browser section inside the app', async () => {
    await page.goto(`${app.url}/playFeedBack?language=zh-TW&from=android`);
    await poll(() => section('device').getByText('安卓手機', { exact: true }).count()).toBe(1);
    expect(await section('question').getByText('音畫不同步', { exact: true }).count()).toBe(1);
    expect(await section('browser').count()).toBe(0);
    await tapSubmit();
    await poll(() => page.getByText('請選擇設備').count()).toBeGreaterThan(0);
  });
});

describe('suggestions', () => {
  it('/feedback, opened from the help centre, sends a suggestion and returns to the help centre', async () => {
    await page.goto(`${app.url}/help`);
    await page.getByText('在线反馈').click();
    await page.waitForURL(/\/feedback$/);
    const submit = page.getByRole('button', { name: '提交' });
    await poll(() => submit.isDisabled()).toBe(true);
    await page.getByPlaceholder('请输入您的意见或建议').fill('希望增加倍速播放');
    await page.getByPlaceholder('邮箱或手机号，方便我们联系您').fill('user@example.com');
    await poll(() => submit.isDisabled()).toBe(false);
    const answered = page.waitForResponse((response) => response.url().includes('/api/User/AddSuggestion'));
    await submit.click();
    const response = await answered;
    expect(new URL(response.url()).searchParams.get('content')).toBe('希望增加倍速播放');
    const body = (await response.json()) as { ret: number; data: unknown };
    expect(body.ret).toBe(200);
    await poll(() => page.getByText('感谢您的宝贵意见').count()).toBeGreaterThan(0);
    await page.waitForURL(/\/help$/, { timeout: 10_000 });
  });
});

describe('download page', () => {
  it('shows 1.6.3, links to a real package and copies the PC link', async () => {
    await page.goto(`${app.url}/app-download`);
    await poll(() => page.getByTestId('android-version').textContent()).toBe('版本：1.6.3');
    const link = page.getByTestId('android-download');
    await poll(() => link.getAttribute('href')).toMatch(/\/download\/qiyu-1\.6\.3\.apk$/);
    const href = (await link.getAttribute('href')) ?? '';
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/vnd.android.package-archive');
    expect(file.headers()['content-disposition']).toContain('qiyu-1.6.3.apk');
    expect([...(await file.body()).subarray(0, 2)]).toEqual([0x50, 0x4b]);
    expect(await page.locator('.nav-bar').count()).toBe(1);

    await page.getByTestId('pc-link').click();
    await poll(() => page.getByText('链接已复制').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
    expect(await page.evaluate(() => localStorage.getItem('shareLink'))).toBe(href);
  });

  it('hides the nav bar with embed=1 and says 复制失败 when the clipboard refuses', async () => {
    const refused = await context.newPage();
    await refused.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    });
    await refused.goto(`${app.url}/app-download?embed=1`);
    await poll(() => refused.getByTestId('android-version').textContent()).toBe('版本：1.6.3');
    expect(await refused.locator('.nav-bar').count()).toBe(0);
    await poll(() => refused.getByTestId('pc-link').isEnabled()).toBe(true);
    await refused.getByTestId('pc-link').click();
    await poll(() => refused.getByText('复制失败').count()).toBeGreaterThan(0);
    await refused.close();
  });
});
