import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from './support/admin-command.ts';
import { DESKTOP_CHROME, PHONE } from './support/devices.ts';
import { useJourney } from './support/journey.ts';

/**
 * The operator console (issue 33) at a desktop's 1440×900: the operators are made with `npm run admin -- operators
 * create` on the journey's database before its server starts; the owner signs in at /admin/login (a wrong password
 * first), reads the audit log (the operators made by 命令行, its own sign-in), filtered on the server; an editor's
 * console has no 审计日志, the page says 无权访问 and the server refuses the call itself; the owner ends another of its
 * sessions and signs out. The phone's home route loads nothing of the console.
 */
const OWNER = `owner-${Date.now().toString(36)}`;
const OWNER_PASSWORD = 'owner password 1';
const EDITOR = `editor-${Date.now().toString(36)}`;
let editorPassword = '';

const { page, app, poll, browser } = useJourney({
  device: DESKTOP_CHROME,
  prepareData: async (database) => {
    await runAdminCommand(database, ['operators', 'create', '--name', OWNER, '--role', 'owner', '--password', OWNER_PASSWORD]);
    // Without --password the command makes one and prints it, once.
    const printed = await runAdminCommand(database, ['operators', 'create', '--name', EDITOR, '--role', 'editor']);
    editorPassword = /^密码：(\S+)$/.exec(printed.at(-1) ?? '')?.[1] ?? '';
  },
});

async function signIn(on: Page, name: string, password: string): Promise<void> {
  await on.getByTestId('console-name').fill(name);
  await on.getByTestId('console-password').fill(password);
  await on.getByTestId('console-sign-in').click();
}

const menu = (on: Page) => on.getByTestId('console-menu').getByRole('menuitem');
const auditRows = (on: Page) => on.locator('.ant-table-tbody tr.ant-table-row');

/** The editor signed in on a desktop browser of its own, on 广告 with its three start ads listed. */
async function editorOnAds() {
  const context = await browser.newContext({ ...DESKTOP_CHROME });
  const editor = await context.newPage();
  await editor.goto(`${app.url}/admin/login?redirect=%2Fadmin%2Fads`);
  await signIn(editor, EDITOR, editorPassword);
  await editor.waitForURL((url) => url.pathname === '/admin/ads');
  const rows = editor.locator('.ant-table-tbody tr.ant-table-row');
  await poll(() => rows.filter({ hasText: '开屏' }).count()).toBe(3);
  return { context, editor, rows };
}

describe('the operator console on a desktop', () => {
  it('/admin sends a visitor to its sign-in; a wrong password is refused; the owner signs in and sees every page of the menu', async () => {
    const response = await page.goto(`${app.url}/admin`);
    // Framed by nothing, not even the app's own pages.
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin');
    expect(await page.title()).toBe('奇遇视频 运营后台');

    await signIn(page, OWNER, 'not the password');
    await expect.poll(() => page.getByTestId('console-sign-in-error').textContent()).toBe('操作员名或密码错误');
    await signIn(page, OWNER, OWNER_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/admin');
    await poll(() => page.getByTestId('console-operator').textContent()).toBe(`${OWNER}（所有者）`);
    expect(await page.getByTestId('console-overview').textContent()).toContain(`${OWNER}，欢迎回来（所有者）`);
    await poll(() => menu(page).allTextContents()).toEqual(['概览', '登录会话', '素材转码', '广告', '操作员', '审计日志']);
    // The session is a cookie the page's scripts cannot read.
    expect(await page.evaluate(() => document.cookie)).not.toContain('qiyu_console');
  });

  it('审计日志 lists the operators the command made and the owner’s sign-in, and filters by action on the server', async () => {
    await menu(page).filter({ hasText: '审计日志' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await poll(() => auditRows(page).count()).toBeGreaterThanOrEqual(3);
    const rows = await auditRows(page).allTextContents();
    expect(rows.some((row) => row.includes('命令行') && row.includes('新建操作员') && row.includes(`name: ${EDITOR}`) && row.includes('role: editor'))).toBe(true);
    expect(rows.some((row) => row.includes('命令行') && row.includes('新建操作员') && row.includes(`name: ${OWNER}`))).toBe(true);
    expect(rows[0]).toContain(OWNER);
    expect(rows[0]).toContain('登录');
    expect(rows.join('\n')).not.toContain(OWNER_PASSWORD);

    const listed: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/admin/Audit/List')) listed.push(request.url());
    });
    await page.locator('.console-audit__action').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'operators.create' }).click();
    await page.getByTestId('console-audit-search').click();
    await poll(() => listed.some((url) => url.includes('action=operators.create'))).toBe(true);
    await poll(async () => (await auditRows(page).allTextContents()).every((row) => row.includes('新建操作员'))).toBe(true);
    expect(await auditRows(page).count()).toBe(2);
  });

  it('an editor’s console has no 审计日志; the page says 无权访问 and the server refuses the call too', async () => {
    expect(editorPassword).toMatch(/^\S{16}$/);
    const context = await browser.newContext({ ...DESKTOP_CHROME });
    const editor = await context.newPage();
    await editor.goto(`${app.url}/admin/login`);
    await signIn(editor, EDITOR, editorPassword);
    await editor.waitForURL((url) => url.pathname === '/admin');
    await poll(() => editor.getByTestId('console-operator').textContent()).toBe(`${EDITOR}（编辑）`);
    await poll(() => menu(editor).allTextContents()).toEqual(['概览', '登录会话', '素材转码', '广告']);

    await editor.goto(`${app.url}/admin/audit`);
    await poll(() => editor.getByTestId('console-forbidden').isVisible()).toBe(true);
    expect(await editor.getByTestId('console-forbidden').textContent()).toContain('无权访问');
    const answer = await editor.evaluate(async () => (await fetch('/api/admin/Audit/List?page=1&pageSize=20')).json());
    expect(answer).toEqual({ ret: 9504, msg: '无权进行此操作', data: null });
    await context.close();
  });

  it('广告: an editor turns a start ad off; a phone’s next start once its 30-minute ad cache has lapsed stores the list without it', async () => {
    // A phone with the real start ads: its first start stores the list its next start shows from (spec: start ad).
    const phoneContext = await browser.newContext({ ...PHONE });
    const phone = await phoneContext.newPage();
    const storedPictures = () => phone.evaluate(() => (JSON.parse(localStorage.getItem('startAdList') ?? '[]') as { showURL: string }[]).map((ad) => ad.showURL));
    await phone.goto(app.url);
    await poll(async () => (await storedPictures()).length).toBe(3);

    const { context, rows } = await editorOnAds();
    const first = rows.filter({ hasText: '开屏' }).first();
    const picture = new URL((await first.locator('img').getAttribute('src')) ?? '', app.url).pathname;
    expect(await storedPictures()).toContain(picture);
    await first.getByTestId('console-ad-enabled').click();
    await poll(() => first.getByTestId('console-ad-enabled').getAttribute('aria-checked')).toBe('false');
    await context.close();

    // The app keeps the ad list 30 minutes (spec §7): the phone's cache is made 31 minutes old, as if that long had passed.
    await phone.evaluate(() => {
      for (const store of [localStorage, sessionStorage]) {
        const entry = JSON.parse(store.getItem('adsDataCache') ?? '{}') as { at?: number };
        store.setItem('adsDataCache', JSON.stringify({ ...entry, at: Date.now() - 31 * 60 * 1000 }));
      }
    });
    await phone.reload();
    await poll(async () => (await storedPictures()).length).toBe(2);
    expect(await storedPictures()).not.toContain(picture);
    await phoneContext.close();
  });

  it('广告: an editor makes a new start ad on a picture uploaded in the console, leading to 开通VIP; a phone’s next start shows it', async () => {
    const { context, editor, rows } = await editorOnAds();
    await editor.getByTestId('console-ad-new').click();
    const dialog = editor.locator('.ant-modal');
    await poll(() => dialog.getByText('开屏图：竖版 9:16，裁切为 1080×1920').count()).toBe(1);
    // A text file named .jpg is refused by its content; a real picture is taken and cropped.
    await dialog.locator('input[type=file]').setInputFiles({ name: 'poster.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('不是图片') });
    await poll(() => editor.getByTestId('console-ad-error').textContent()).toBe('图片格式不支持（只支持 JPG、PNG、WebP）');
    const picture = await sharp({ create: { width: 900, height: 1600, channels: 3, background: '#c41d7f' } }).png().toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: picture });
    await poll(() => editor.getByTestId('console-ad-picture').count()).toBe(1);
    const showURL = new URL((await editor.getByTestId('console-ad-picture').locator('img').getAttribute('src')) ?? '', app.url).pathname;
    expect(showURL).toMatch(/^\/media\/ads\/.+\.jpg$/);
    await editor.getByTestId('console-ad-title').fill('新片上线');
    await editor.getByTestId('console-ad-app-page').click();
    await editor.locator('.ant-select-item-option').filter({ hasText: '/openVip' }).click();
    await editor.getByTestId('console-ad-save').click();
    await poll(() => rows.filter({ hasText: '开屏' }).count()).toBe(4);
    // The new start ad alone: the others are turned off.
    const others = rows.filter({ hasText: '开屏' }).filter({ hasNotText: '新片上线' });
    for (let index = 0; index < 3; index += 1) {
      const toggle = others.nth(index).getByTestId('console-ad-enabled');
      if ((await toggle.getAttribute('aria-checked')) === 'true') {
        await toggle.click();
        await poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      }
    }
    await context.close();

    // A new phone: its first start stores the start ads, its next start shows one of them — the only one.
    const phoneContext = await browser.newContext({ ...PHONE });
    const phone = await phoneContext.newPage();
    await phone.goto(app.url);
    await poll(() => phone.evaluate(() => (JSON.parse(localStorage.getItem('startAdList') ?? '[]') as { showURL: string }[]).map((ad) => new URL(ad.showURL, location.href).pathname))).toEqual([showURL]);
    await phone.reload();
    const startAd = phone.getByTestId('start-ad');
    await poll(() => startAd.isVisible()).toBe(true);
    expect(new URL((await startAd.locator('img').getAttribute('src')) ?? '', app.url).pathname).toBe(showURL);
    await startAd.locator('img').click();
    await phone.waitForURL((url) => url.pathname === '/openVip');
    await phoneContext.close();
  });

  it('操作员: the owner makes a moderator (its password shown once), who signs in; disabled, the moderator is signed out', async () => {
    await menu(page).filter({ hasText: '操作员' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/operators');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => rows.count()).toBe(2);
    await page.getByTestId('console-operator-new').click();
    const moderatorName = `mod-${Date.now().toString(36)}`;
    await page.getByTestId('console-operator-name').fill(moderatorName);
    await page.getByTestId('console-operator-role').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '审核员' }).click();
    await page.getByTestId('console-operator-create').click();
    const shown = page.getByTestId('console-operator-password');
    await poll(() => shown.isVisible()).toBe(true);
    const password = (await shown.textContent())?.trim() ?? '';
    expect(password).toMatch(/^\S{16}$/);
    await page.getByTestId('console-operator-password-close').click();
    await poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: moderatorName }).textContent()).toContain('审核员');

    const context = await browser.newContext({ ...DESKTOP_CHROME });
    const moderator = await context.newPage();
    await moderator.goto(`${app.url}/admin/login`);
    await signIn(moderator, moderatorName, password);
    await moderator.waitForURL((url) => url.pathname === '/admin');
    await poll(() => menu(moderator).allTextContents()).toEqual(['概览', '登录会话']);

    await rows.filter({ hasText: moderatorName }).getByTestId('console-operator-disable').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await poll(async () => rows.filter({ hasText: moderatorName }).textContent()).toContain('已停用');
    await moderator.reload();
    await moderator.waitForURL((url) => url.pathname === '/admin/login');
    await signIn(moderator, moderatorName, password);
    await expect.poll(() => moderator.getByTestId('console-sign-in-error').textContent()).toBe('该操作员已停用');
    await context.close();

    // Both changes are in the log, made by the owner.
    await menu(page).filter({ hasText: '审计日志' }).click();
    await poll(async () => (await auditRows(page).allTextContents()).some((row) => row.includes(OWNER) && row.includes('停用操作员') && row.includes(moderatorName))).toBe(true);
    expect((await auditRows(page).allTextContents()).some((row) => row.includes(OWNER) && row.includes('新建操作员') && row.includes(`name: ${moderatorName}`))).toBe(true);
  });

  it('登录会话 shows this session; ending another of the owner’s signs that browser out; 退出登录 returns to the sign-in', async () => {
    const context = await browser.newContext({ ...DESKTOP_CHROME });
    const laptop = await context.newPage();
    await laptop.goto(`${app.url}/admin/login`);
    await signIn(laptop, OWNER, OWNER_PASSWORD);
    await laptop.waitForURL((url) => url.pathname === '/admin');

    await menu(page).filter({ hasText: '登录会话' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/sessions');
    const sessions = page.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => sessions.count()).toBe(2);
    // The newest first: the laptop's, then this one, marked.
    expect(await sessions.nth(1).textContent()).toContain('当前会话');
    expect(await sessions.first().textContent()).not.toContain('当前会话');
    await sessions.first().getByTestId('console-session-end').click();
    await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
    await poll(() => sessions.count()).toBe(1);

    await laptop.reload();
    await laptop.waitForURL((url) => url.pathname === '/admin/login');
    await context.close();

    await page.getByTestId('console-sign-out').click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.goto(`${app.url}/admin/sessions`);
    await page.waitForURL((url) => url.pathname === '/admin/login' && url.searchParams.get('redirect') === '/admin/sessions');
  });

  it('the phone’s home route loads nothing of the console', async () => {
    const context = await browser.newContext({ ...PHONE });
    const phone = await context.newPage();
    const loaded: string[] = [];
    phone.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await phone.goto(app.url);
    await phone.waitForLoadState('networkidle');
    expect(loaded.filter((path) => path.startsWith('/admin'))).toEqual([]);
    await context.close();
  });
});
