import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE } from './support/phone.ts';
import { fillLogin } from './support/accounts.ts';
import { useJourney } from './support/journey.ts';

/** A's page, counting its tones. */
const { page: pageA, app, poll, otherPhone } = useJourney({ prepare: (context) => context.addInitScript(COUNT_TONES) });
/** B's page, in its own context. */
let pageB: Page;

interface Account {
  userName: string;
  uid: number;
  token: Record<string, string | number>;
}

let counter = 0;
const PASSWORD = 'secret123';

/** Counts message tones: every oscillator started on this page. */
const COUNT_TONES = () => {
  const w = window as unknown as { __tones: number };
  w.__tones = 0;
  const proto = (window as unknown as { OscillatorNode?: { prototype: { start: (...args: unknown[]) => void } } }).OscillatorNode?.prototype;
  if (!proto) return;
  const start = proto.start;
  proto.start = function (this: unknown, ...args: unknown[]) {
    w.__tones += 1;
    return start.apply(this, args);
  };
};

/** Another iPhone, counting its tones. */
const newPhonePage = () => otherPhone(PHONE, (context) => context.addInitScript(COUNT_TONES));

/** Registers a fresh user through the form in this page (it lands on /user, logged in). */
async function register(on: Page, prefix: string): Promise<Account> {
  counter += 1;
  const userName = `${prefix}${Date.now() % 1_000_000}${counter}`;
  await on.goto(`${app.url}/register`);
  await on.getByPlaceholder('4-20位字母、数字或下划线').fill(userName);
  await on.getByPlaceholder('至少8位，可含空格').fill(PASSWORD);
  await on.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await on.getByRole('button', { name: '注册', exact: true }).click();
  await on.waitForURL(/\/user$/);
  const user = await on.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}') as { id: number; token: Record<string, string | number> });
  return { userName, uid: user.id, token: user.token };
}

/** A user made over the API only (a sender who needs no page). */
async function registerByApi(prefix: string): Promise<Account> {
  counter += 1;
  const userName = `${prefix}${Date.now() % 1_000_000}${counter}`;
  const response = await fetch(`${app.url}/api/Login/Register`, { method: 'POST', body: new URLSearchParams({ userName, password: PASSWORD }) });
  const answer = (await response.json()) as { ret: number; data: { id: number; token: Record<string, string | number> } };
  expect(answer.ret).toBe(200);
  return { userName, uid: answer.data.id, token: answer.data.token };
}

async function sendByApi(from: Account, to: Account, content: string): Promise<void> {
  const token = Object.fromEntries(Object.entries(from.token).map(([k, v]) => [k, String(v)]));
  const response = await fetch(`${app.url}/api/Chat/SendMessage`, {
    method: 'POST',
    body: new URLSearchParams({ ...token, login_uid: String(from.uid), toUid: String(to.uid), content, clientId: `e2e-${from.uid}-${Date.now()}-${counter++}` }),
  });
  expect(((await response.json()) as { ret: number }).ret).toBe(200);
}

async function sendInChat(on: Page, text: string): Promise<void> {
  await on.getByPlaceholder('发个消息吧~').fill(text);
  await on.getByRole('button', { name: '发送', exact: true }).click();
  await poll(() => on.locator('[data-testid="chat-message"].chat-message--mine').filter({ hasText: text }).count()).toBe(1);
}

const tones = (on: Page) => on.evaluate(() => (window as unknown as { __tones: number }).__tones);

let a: Account;
let b: Account;

beforeAll(async () => {
  pageB = await newPhonePage();
  a = await register(pageA, 'alice');
  b = await register(pageB, 'bob');
}, 120_000);

describe('private messages between two phones', () => {
  it('A writes to B while B is on another page: tip, tone, badge; tapping the tip opens the chat with A', async () => {
    await pageB.goto(`${app.url}/rank`);
    await pageB.waitForLoadState('networkidle');
    await pageA.goto(`${app.url}/chat?toUid=${b.uid}`);
    await sendInChat(pageA, '你好，我是A');

    const tip = pageB.getByTestId('message-tip');
    await poll(() => tip.count()).toBe(1);
    expect(await tip.textContent()).toContain('1条新消息');
    expect(await tip.locator('img').count()).toBe(1);
    await poll(() => tones(pageB)).toBeGreaterThanOrEqual(1);
    await poll(() => pageB.getByTestId('tab-dot-user').count()).toBe(1);

    await tip.locator('.message-tip__body').click();
    await pageB.waitForURL(new RegExp(`/chat\\?toUid=${a.uid}`));
    await poll(() => pageB.getByTestId('chat-message').filter({ hasText: '你好，我是A' }).count()).toBe(1);
    expect(await pageB.getByTestId('message-tip').count()).toBe(0);
  });

  it('B inside the chat with A: A’s next message shows in the chat, and no tip', async () => {
    const tonesBefore = await tones(pageB);
    await sendInChat(pageA, '第二条消息');
    await poll(() => pageB.getByTestId('chat-message').filter({ hasText: '第二条消息' }).count()).toBe(1);
    expect(await pageB.locator('[data-testid="chat-message"].chat-message--mine').count()).toBe(0);
    expect(await pageB.getByTestId('message-tip').count()).toBe(0);
    expect(await tones(pageB)).toBeGreaterThanOrEqual(tonesBefore);
    // B answers; A sees it on the right side of B's chat.
    await sendInChat(pageB, '收到');
    await poll(() => pageA.getByTestId('chat-message').filter({ hasText: '收到' }).count()).toBe(1);
  });

  it('three senders: the tip shows several avatars, and tapping it opens the message list', async () => {
    await pageB.goto(`${app.url}/rank`);
    await pageB.waitForLoadState('networkidle');
    const c = await registerByApi('carol');
    const d = await registerByApi('dave');
    await sendByApi(c, b, '我是C');
    await sendByApi(d, b, '我是D');
    await sendInChat(pageA, '第三条');
    const tip = pageB.getByTestId('message-tip');
    await poll(() => tip.locator('img').count()).toBe(3);
    expect(await tip.textContent()).toContain('3条新消息');
    await tip.locator('.message-tip__body').click();
    await pageB.waitForURL(/\/privateMessage$/);
    await poll(() => pageB.getByTestId('conversation').count()).toBe(3);
    const rows = await pageB.getByTestId('conversation').allTextContents();
    expect(rows.join('|')).toContain('我是C');
    expect(rows.join('|')).toContain('我是D');
    expect(await pageB.getByTestId('message-tip').count()).toBe(0);
  });

  it('B in the chat with A taps the tip of a message from E: the chat with E opens in place of A\u2019s', async () => {
    await pageB.goto(`${app.url}/chat?toUid=${a.uid}`);
    await poll(() => pageB.getByTestId('chat-message').filter({ hasText: '第三条' }).count()).toBe(1);
    const e = await registerByApi('erin');
    await sendByApi(e, b, '我是E，在吗');
    const tip = pageB.getByTestId('message-tip');
    await poll(() => tip.count()).toBe(1);
    await tip.locator('.message-tip__body').click();
    await pageB.waitForURL(new RegExp(`/chat\\?toUid=${e.uid}`));
    // The same route with another partner: the chat is opened anew, not left showing A's messages.
    await poll(() => pageB.getByTestId('chat-message').filter({ hasText: '我是E，在吗' }).count()).toBe(1);
    expect(await pageB.getByTestId('chat-message').filter({ hasText: '第三条' }).count()).toBe(0);
  });

  it('A logs in again on another phone: the first phone says 该账号已在其他设备登录, and confirming goes to /', async () => {
    await pageA.goto(`${app.url}/user`);
    await pageA.waitForLoadState('networkidle');
    const second = await newPhonePage();
    await second.goto(`${app.url}/login`);
    await fillLogin(second, a.userName, PASSWORD);
    await second.waitForURL(/\/user$/);

    const dialog = pageA.locator('.adm-dialog');
    await poll(() => dialog.filter({ hasText: '该账号已在其他设备登录' }).count()).toBe(1);
    expect(await dialog.getByRole('button').count()).toBe(1);
    await dialog.getByRole('button', { name: '确定' }).click();
    await pageA.waitForURL(new RegExp(`^${app.url}/$`));
    expect(await pageA.evaluate(() => localStorage.getItem('user'))).toBeNull();
    // The second phone stays logged in.
    expect(await second.evaluate(() => localStorage.getItem('user'))).not.toBeNull();
  });
});
