import { describe, expect, it } from 'vitest';
import { IPHONE_SAFARI } from './support/phone.ts';
import { BETWEEN_TAPS_MS, MEDIA_KEY, TAB_PAGES, expectNothingCovered } from './support/tap-targets.ts';
import { useJourney } from './support/journey.ts';

/**
 * Issue 18, signed in: nothing a person taps may lie under something else. The signed-in demo user's screens are
 * looked at on an iPhone in Safari at the top, in the middle and at the end of their scroll (the visitor's and the
 * open-app offer's: tap-targets-journey.test.ts; what counts: test/e2e/support/tap-targets.ts).
 */

const { page, app } = useJourney({ device: IPHONE_SAFARI });

describe('nothing a signed-in person taps lies under something else (iPhone Safari)', () => {
  it('logs in as demo (real taps)', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByPlaceholder('请输入账号').fill('demo');
    await page.getByPlaceholder('请输入密码').fill('demo123456');
    await page.getByRole('button', { name: '登录', exact: true }).tap();
    await page.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user') !== null)).toBe(true);
  });

  for (const path of TAB_PAGES) {
    it(`${path} logged in`, async () => {
      await expectNothingCovered(page, `${app.url}${path}`, 'demo', () => page.locator('nav.tab-bar').waitFor());
    });
  }

  it('/play logged in', async () => {
    await expectNothingCovered(page, `${app.url}/play/${MEDIA_KEY}`, 'demo', () => page.getByTestId('play-video').waitFor());
  });

  it('/chat with a partner, with messages to scroll', async () => {
    const partner = await page.evaluate(async () => {
      const response = await fetch('/api/Login/Register', { method: 'POST', body: new URLSearchParams({ userName: `tap${Date.now() % 1_000_000}`, password: 'secret123' }) });
      return ((await response.json()) as { data: { id: number } }).data.id;
    });
    await page.goto(`${app.url}/chat?toUid=${partner}`);
    const input = page.getByPlaceholder('发个消息吧~');
    // Ten messages, the most the per-user send limit takes in 10 s (SEND_LIMITS), each long enough to wrap so they scroll.
    for (let i = 1; i <= 10; i++) {
      await input.fill(`第${i}条消息：周末一起去看那部新上映的电影吧，听说评分很高，记得提前订票哦`);
      await page.waitForTimeout(BETWEEN_TAPS_MS);
      await page.getByRole('button', { name: '发送', exact: true }).tap();
      await expect.poll(() => page.locator('[data-testid="chat-message"].chat-message--mine').count()).toBe(i);
    }
    await expectNothingCovered(page, `${app.url}/chat?toUid=${partner}`, 'demo', () => page.getByPlaceholder('发个消息吧~').waitFor());
  });
});
