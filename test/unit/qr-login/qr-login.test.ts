import { describe, expect, it } from 'vitest';
import { installFakeQrLoginApi } from '../../../adapters/http/fake-qr-login-api.ts';
import { FakeSocket } from '../../../adapters/socket/fake-socket.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import type { CameraOutcome, QrReader } from '../../../src/core/ports/qr-reader.ts';
import { QrAuthorization } from '../../../src/core/qr-login/qr-authorization.ts';
import { QrLoginCalls, QrLoginEvents, QrLoginRules } from '../../../src/core/qr-login/qr-login-protocol.ts';
import { authorizeUrl, isBigScreen, readScannedCode } from '../../../src/core/qr-login/qr-login-rules.ts';
import { QrLoginWaiting, type QrWaitingView } from '../../../src/core/qr-login/qr-login-waiting.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import type { UserAnswer } from '../../../src/core/shared-kernel/user.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { AuthorizeLoginViewModel, QrLoginPanelViewModel, ScanCodeResultViewModel, ScanCodeViewModel } from '../../../src/ui/qr-login/qr-login-view-models.ts';

const ORIGIN = 'https://m.qiyu.example';
const TICKET = 'A'.repeat(43);
const TV_UA = 'Mozilla/5.0 (Linux; Tizen 6.0; SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/76.0 TV Safari/537.36';
const IPHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const PHONE_UID = 7;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('QR sign-in rules', () => {
  it('a TV or a wide computer window shows codes; a phone never does', () => {
    expect(isBigScreen(TV_UA, 960)).toBe(true);
    expect(isBigScreen(DESKTOP_UA, 1280)).toBe(true);
    expect(isBigScreen(DESKTOP_UA, 1024)).toBe(false);
    expect(isBigScreen(IPHONE_UA, 1400)).toBe(false);
  });

  it('reads a scanned code: our ticket, another page of ours, anything else', () => {
    expect(authorizeUrl(ORIGIN, TICKET)).toBe(`${ORIGIN}/authorizeLogin?ticket=${TICKET}`);
    expect(readScannedCode(authorizeUrl(ORIGIN, TICKET), ORIGIN)).toEqual({ kind: 'ticket', ticket: TICKET });
    expect(readScannedCode(`${ORIGIN}/authorizeLogin?ticket=short`, ORIGIN)).toEqual({ kind: 'ours', path: '/authorizeLogin', query: { ticket: 'short' } });
    expect(readScannedCode(`${ORIGIN}/play?mediaKey=m1`, ORIGIN)).toEqual({ kind: 'ours', path: '/play', query: { mediaKey: 'm1' } });
    expect(readScannedCode(`https://evil.example/authorizeLogin?ticket=${TICKET}`, ORIGIN)).toEqual({ kind: 'other', text: `https://evil.example/authorizeLogin?ticket=${TICKET}` });
    expect(readScannedCode('你好', ORIGIN)).toEqual({ kind: 'other', text: '你好' });
  });
});

function setup(path = '/login') {
  const { container, world } = createHeadlessCore({ path, withFakeApi: false });
  const changes: unknown[] = [];
  const socket = new FakeSocket();
  const api = installFakeQrLoginApi(world.http, {
    caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
    signIn: (uid) => ({ id: uid, uid, nickName: '演示用户', token: { uid, token: `qr-${uid}`, expire: 2_000_000_000, sign: 'a'.repeat(64) } }) as unknown as UserAnswer,
    now: () => world.clock.now(),
    onChange: (change) => {
      changes.push(change);
      socket.serverEmit(QrLoginEvents.changed, change);
    },
  });
  const phone = async (call: { path: string }, ticket: string) =>
    world.http.send({ method: 'POST', url: call.path, params: { login_uid: String(PHONE_UID), ticket }, timeoutMs: 1000 });
  const session = container.get(UserSession);
  const views: QrWaitingView[] = [];
  let signedIn = 0;
  const waiting = new QrLoginWaiting(
    { api: container.get(ApiClient), socket, clock: world.clock, session, origin: ORIGIN },
    (view) => views.push(view),
    () => {
      signedIn += 1;
    },
  );
  const ticketOf = () => new URL(views.at(-1)?.url ?? `${ORIGIN}/`).searchParams.get('ticket') ?? '';
  return { container, world, api, socket, waiting, views, session, phone, ticketOf, signedIn: () => signedIn, changes };
}

describe('the big screen waiting for a phone', () => {
  it('shows the code, follows it over its own socket, and signs in once the phone confirms', async () => {
    const { socket, waiting, views, session, phone, ticketOf, signedIn } = setup();
    waiting.start();
    await flush();
    expect(views.at(-1)?.phase).toBe('pending');
    expect(views.at(-1)?.url).toMatch(new RegExp(`^${ORIGIN}/authorizeLogin\\?ticket=[A-Za-z0-9_-]{43}$`));
    const [watch] = socket.emittedOf(QrLoginEvents.watch) as { secret: string }[];
    expect(watch?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(watch?.secret).not.toBe(ticketOf());
    socket.serverEmit(QrLoginEvents.watch, { ok: true });
    await flush();

    await phone(QrLoginCalls.scanTicket, ticketOf());
    expect(views.at(-1)?.phase).toBe('scanned');
    await phone(QrLoginCalls.confirmTicket, ticketOf());
    await flush();
    await flush();
    expect(session.user()?.id).toBe(PHONE_UID);
    expect(signedIn()).toBe(1);
    expect(views.at(-1)?.phase).toBe('confirmed');
    expect(socket.wantsConnection()).toBe(false);
  });

  it('polls while the socket is down', async () => {
    const { world, socket, waiting, session, phone, ticketOf } = setup();
    socket.drop();
    waiting.start();
    await flush();
    await phone(QrLoginCalls.scanTicket, ticketOf());
    await phone(QrLoginCalls.confirmTicket, ticketOf());
    expect(session.user()).toBeNull();
    await world.clock.advanceAsync(QrLoginRules.pollMs);
    await flush();
    expect(session.user()?.id).toBe(PHONE_UID);
  });

  it('renews a code nobody scanned when it expires, five times; then 二维码已过期 until 刷新二维码', async () => {
    const { world, waiting, views, ticketOf } = setup();
    waiting.start();
    await flush();
    const seen = new Set([ticketOf()]);
    for (let i = 0; i < 5; i += 1) {
      await world.clock.advanceAsync(QrLoginRules.lifetimeMs + 1000);
      await flush();
      expect(views.at(-1)?.phase).toBe('pending');
      seen.add(ticketOf());
    }
    expect(seen.size).toBe(6);
    await world.clock.advanceAsync(QrLoginRules.lifetimeMs + 1000);
    await flush();
    expect(views.at(-1)?.phase).toBe('expired');
    waiting.refresh();
    await flush();
    expect(views.at(-1)?.phase).toBe('pending');
    expect(seen.has(ticketOf())).toBe(false);
  });

  it('a scanned code that expires stays 二维码已过期; a cancelled one shows 已取消', async () => {
    const { world, socket, waiting, views, phone, ticketOf } = setup();
    waiting.start();
    await flush();
    socket.serverEmit(QrLoginEvents.watch, { ok: true });
    await phone(QrLoginCalls.scanTicket, ticketOf());
    await world.clock.advanceAsync(QrLoginRules.lifetimeMs + 1000);
    expect(views.at(-1)?.phase).toBe('expired');
    waiting.refresh();
    await flush();
    await phone(QrLoginCalls.cancelTicket, ticketOf());
    expect(views.at(-1)?.phase).toBe('cancelled');
  });

  it('the panel makes no ticket on a phone; on a big screen it captions each state and signs in to the redirect', async () => {
    const { container, world, socket, api, session, phone } = setup('/login?redirect=%2Fvip');
    const hidden = new QrLoginPanelViewModel(false, () => {
      throw new Error('a phone makes no ticket');
    }, world.navigator, world.notifier);
    hidden.opened();
    expect(api.tickets.size).toBe(0);
    const panel = new QrLoginPanelViewModel(true, (onView, onSignedIn) =>
      new QrLoginWaiting({ api: container.get(ApiClient), socket, clock: world.clock, session, origin: ORIGIN }, onView, onSignedIn), world.navigator, world.notifier);
    expect(panel.caption).toBe('二维码加载中…');
    panel.opened();
    await flush();
    expect(panel.caption).toBe('等待扫码');
    expect(panel.codeShown).toBe(true);
    const ticket = new URL(panel.view.url).searchParams.get('ticket') ?? '';
    await phone(QrLoginCalls.scanTicket, ticket);
    expect(panel.caption).toBe('已扫码，请在手机上确认');
    await phone(QrLoginCalls.confirmTicket, ticket);
    await flush();
    await flush();
    expect(world.navigator.current().path).toBe('/vip');
    panel.stop();
  });
});

describe('the phone: /authorizeLogin, /scanCode, /scanCodeResult', () => {
  function phoneSetup(path: string, signedIn = true) {
    const { container, world } = createHeadlessCore({ path, withFakeApi: false });
    const api = installFakeQrLoginApi(world.http, {
      caller: (call) => {
        const uid = call.params['login_uid'] ?? call.body['login_uid'];
        return uid ? Number(uid) : null;
      },
      signIn: () => ({}) as UserAnswer,
      device: () => ({ device: '电视 · Chrome', place: '中国' }),
      now: () => world.clock.now(),
    });
    const session = container.get(UserSession);
    if (signedIn) session.signedIn({ id: PHONE_UID, nickName: '演示用户', token: { uid: PHONE_UID, token: 't' } } as never);
    const vm = () => new AuthorizeLoginViewModel(new QrAuthorization(container.get(ApiClient)), new SessionModel(session), world.navigator, world.notifier);
    return { world, api, vm, container };
  }
  const ticketFrom = async (world: ReturnType<typeof phoneSetup>['world']): Promise<string> => {
    const answer = await world.http.send({ method: 'POST', url: QrLoginCalls.createTicket.path, params: {}, timeoutMs: 1000 });
    return (answer.body as { data: { ticket: string } }).data.ticket;
  };

  it('a visitor signs in first and comes back', async () => {
    const { world, vm } = phoneSetup(`/authorizeLogin?ticket=${TICKET}`, false);
    await vm().opened();
    expect(world.navigator.current()).toMatchObject({ path: '/login', query: { redirect: `/authorizeLogin?ticket=${TICKET}` } });
  });

  it('shows the device asking; 确认登录 confirms once; the same ticket again is refused; 取消 cancels', async () => {
    const { world, api, vm } = phoneSetup('/');
    const ticket = await ticketFrom(world);
    world.navigator.replace('/authorizeLogin', { ticket });
    const page = vm();
    await page.opened();
    expect(page.phase).toBe('asking');
    expect(page.request).toMatchObject({ device: '电视 · Chrome', place: '中国' });
    expect(page.accountName).toBe('演示用户');
    await Promise.all([page.confirmTapped(), page.confirmTapped()]);
    expect(page.phase).toBe('confirmed');
    expect(page.resultText).toBe('已确认登录，请在大屏设备上继续使用');
    expect(api.changes.filter((change) => change.state === 'confirmed')).toHaveLength(1);

    const again = vm();
    await again.opened();
    expect(again.phase).toBe('refused');
    expect(again.resultText).toBe('二维码已使用');
    again.rescanTapped();
    expect(world.navigator.current().path).toBe('/scanCode');

    const other = await ticketFrom(world);
    world.navigator.replace('/authorizeLogin', { ticket: other });
    const cancelling = vm();
    await cancelling.opened();
    await cancelling.cancelTapped();
    expect(cancelling.phase).toBe('cancelled');
    expect(api.tickets.get(other)?.state).toBe('cancelled');
  });

  it('scans: a camera refused says why and offers the album; a picture of our code opens /authorizeLogin; others /scanCodeResult', async () => {
    const { world } = phoneSetup('/scanCode');
    let picture: string | null = `${ORIGIN}/authorizeLogin?ticket=${TICKET}`;
    const reader: QrReader = {
      openCamera: async (): Promise<CameraOutcome> => ({ ok: false, reason: 'denied' }),
      readPicture: async () => picture,
    };
    const scan = new ScanCodeViewModel(reader, world.navigator, ORIGIN);
    await scan.videoMounted({});
    expect(scan.cameraRefused).toBe(true);
    expect(scan.status).toBe('无法使用相机：请在浏览器设置中允许访问相机，或从相册选择二维码图片');
    await scan.pictureChosen({});
    expect(world.navigator.current()).toMatchObject({ path: '/authorizeLogin', query: { ticket: TICKET } });

    picture = 'https://example.com/x';
    await new ScanCodeViewModel(reader, world.navigator, ORIGIN).pictureChosen({});
    expect(world.navigator.current()).toMatchObject({ path: '/scanCodeResult', query: { text: 'https://example.com/x' } });
    const foreign = new ScanCodeResultViewModel(world.navigator, ORIGIN);
    expect(foreign.isLink).toBe(false);
    expect(foreign.message).toBe('该二维码不是奇遇视频的二维码，内容如下：');

    picture = null;
    await new ScanCodeViewModel(reader, world.navigator, ORIGIN).pictureChosen({});
    const none = new ScanCodeResultViewModel(world.navigator, ORIGIN);
    expect(none.noCode).toBe(true);
    expect(none.message).toBe('未识别到二维码，请换一张图片试试');

    world.navigator.replace('/scanCodeResult', { text: `${ORIGIN}/play?mediaKey=m1` });
    const ours = new ScanCodeResultViewModel(world.navigator, ORIGIN);
    expect(ours.isLink).toBe(true);
    ours.linkTapped();
    expect(world.navigator.current()).toMatchObject({ path: '/play', query: { mediaKey: 'm1' } });
  });
});
