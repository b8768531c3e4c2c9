import { afterEach, describe, expect, it } from 'vitest';
import { AccountSecurityCalls, type SignedInDevice } from '../../src/core/account-security/account-security-protocol.ts';
import { QrLoginCalls, QrLoginEvents, QrLoginRet, QrLoginRules, type QrLoginRequest, type QrTicketCreated, type QrTicketStatus } from '../../src/core/qr-login/qr-login-protocol.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { Ret } from '../../server/http/ret.ts';
import { openSocket, sleep, type TestSocket } from './socket-support.ts';
import { FakeClock, tokenParams, uniqueIp, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const TV_AGENT = 'Mozilla/5.0 (Linux; Tizen 6.0; SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0 TV Safari/537.36';

const clock = new FakeClock(Date.now());
const sockets: TestSocket[] = [];

const server = useServerFixture({ clock, listen: true });
afterEach(() => {
  for (const client of sockets.splice(0)) client.close();
});

const createTicket = async (ip = uniqueIp()): Promise<QrTicketCreated> => {
  const { body } = await server.post<QrTicketCreated>(QrLoginCalls.createTicket.path, {}, { ip, headers: { 'user-agent': TV_AGENT } });
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};
/** TicketState's answer as the server sends it: the user as UserAnswer (the app reads it as its User). */
type WireTicketStatus = Omit<QrTicketStatus, 'user'> & { user: UserAnswer | null };
const stateOf = (created: QrTicketCreated, secret = created.secret) => server.post<WireTicketStatus>(QrLoginCalls.ticketState.path, { ticket: created.ticket, secret });
const scan = (user: TestUser, ticket: string) => server.post<QrLoginRequest>(QrLoginCalls.scanTicket.path, { ...tokenParams(user.token), ticket });
const confirm = (user: TestUser, ticket: string) => server.post(QrLoginCalls.confirmTicket.path, { ...tokenParams(user.token), ticket });
const cancel = (user: TestUser, ticket: string) => server.post(QrLoginCalls.cancelTicket.path, { ...tokenParams(user.token), ticket });

/** A socket following the ticket, as the screen's page opens it (no sign-in). */
async function watching(secret: string): Promise<TestSocket> {
  const client = await openSocket(server.url);
  sockets.push(client);
  client.socket.emit(QrLoginEvents.watch, { secret });
  expect(await client.next(QrLoginEvents.watch)).toEqual({ ok: true });
  return client;
}

describe('QR-code sign-in', () => {
  it('a screen signs in as the phone\'s account once the phone confirms: told over the socket, the session fetched once, listed as the TV', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    expect(created.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.secret).not.toBe(created.ticket);
    expect(created.expiresInMs).toBe(QrLoginRules.lifetimeMs);
    const tv = await watching(created.secret);
    expect((await stateOf(created)).body.data).toEqual({ state: 'pending', expiresInMs: QrLoginRules.lifetimeMs, user: null });

    const scanned = await scan(phone, created.ticket);
    expect(scanned.body).toMatchObject({ ret: Ret.Ok, data: { device: '电视 · Chrome', expiresInMs: QrLoginRules.lifetimeMs } });
    expect(await tv.next(QrLoginEvents.changed)).toEqual({ ticket: created.ticket, state: 'scanned' });
    expect((await stateOf(created)).body.data.state).toBe('scanned');

    expect((await confirm(phone, created.ticket)).body).toMatchObject({ ret: Ret.Ok, msg: '已确认登录' });
    expect(await tv.next(QrLoginEvents.changed)).toEqual({ ticket: created.ticket, state: 'confirmed' });

    const signedIn = await stateOf(created);
    expect(signedIn.body).toMatchObject({ ret: Ret.Ok, data: { state: 'confirmed', user: { id: phone.id } } });
    const tvUser = signedIn.body.data.user;
    if (tvUser === null) throw new Error('no user');
    expect(tvUser.token.token).not.toBe(phone.token.token);
    expect((await server.post('/api/Login/Validates', tokenParams(tvUser.token))).body.ret).toBe(Ret.Ok);
    // The phone stays signed in, and lists the screen among its devices.
    expect((await server.post('/api/Login/Validates', tokenParams(phone.token))).body.ret).toBe(Ret.Ok);
    const devices = await server.get<SignedInDevice[]>(AccountSecurityCalls.devices.path, tokenParams(phone.token));
    expect(devices.body.data.map((device) => device.device)).toContain('电视 · Chrome');

    // Once only: the session is handed out once; the ticket cannot be confirmed or scanned again.
    expect((await stateOf(created)).body.ret).toBe(QrLoginRet.TicketUsed);
    expect((await confirm(phone, created.ticket)).body).toMatchObject({ ret: QrLoginRet.TicketUsed, msg: '二维码已使用' });
    expect((await scan(phone, created.ticket)).body.ret).toBe(QrLoginRet.TicketUsed);
  });

  it('polling alone works too (no socket): the state call hands the session out once the phone confirmed', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    await scan(phone, created.ticket);
    expect((await stateOf(created)).body.data).toMatchObject({ state: 'scanned', user: null });
    await confirm(phone, created.ticket);
    expect((await stateOf(created)).body.data).toMatchObject({ state: 'confirmed', user: { id: phone.id } });
  });

  it('only the secret\'s holder fetches the session or follows the ticket: the ticket in the QR code is not enough', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    expect((await stateOf(created, created.ticket)).body).toMatchObject({ ret: QrLoginRet.TicketNotFound, msg: '二维码无效，请重新扫码' });
    const spy = await watching(created.ticket);
    await scan(phone, created.ticket);
    await confirm(phone, created.ticket);
    await sleep(150);
    expect(spy.named(QrLoginEvents.changed)).toEqual([]);
    expect((await stateOf(created, 'x'.repeat(43))).body.ret).toBe(QrLoginRet.TicketNotFound);
  });

  it('parallel confirmations: one wins, the screen gets one session', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    await scan(phone, created.ticket);
    const answers = await Promise.all(Array.from({ length: 15 }, () => confirm(phone, created.ticket)));
    expect(answers.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.ret === QrLoginRet.TicketUsed)).toHaveLength(14);
    const claims = await Promise.all(Array.from({ length: 15 }, () => stateOf(created)));
    expect(claims.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(1);
    expect(claims.filter((answer) => answer.body.ret === QrLoginRet.TicketUsed)).toHaveLength(14);
    const sessions = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions WHERE uid = $1 AND device = '电视 · Chrome'", [phone.id]);
    expect(sessions[0]?.n).toBe(1);
  });

  it('only the scanning account confirms or cancels; a visitor is refused', async () => {
    const phone = await server.registerUser();
    const other = await server.registerUser();
    const created = await createTicket();
    expect((await server.post(QrLoginCalls.scanTicket.path, { ticket: created.ticket })).body.ret).toBe(Ret.SessionInvalid);
    expect((await server.post(QrLoginCalls.confirmTicket.path, { ticket: created.ticket })).body.ret).toBe(Ret.SessionInvalid);
    await scan(phone, created.ticket);
    expect((await scan(other, created.ticket)).body).toMatchObject({ ret: QrLoginRet.OtherAccount, msg: '该二维码已被其他账号扫描' });
    expect((await confirm(other, created.ticket)).body.ret).toBe(QrLoginRet.OtherAccount);
    expect((await cancel(other, created.ticket)).body.ret).toBe(QrLoginRet.OtherAccount);
    // The same account may open the link again (the page reloaded).
    expect((await scan(phone, created.ticket)).body.ret).toBe(Ret.Ok);
    expect((await confirm(phone, created.ticket)).body.ret).toBe(Ret.Ok);
    expect((await stateOf(created)).body.data.user?.id).toBe(phone.id);
  });

  it('cancel: the screen is told, the ticket no longer works', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    const tv = await watching(created.secret);
    await scan(phone, created.ticket);
    expect((await cancel(phone, created.ticket)).body).toMatchObject({ ret: Ret.Ok, msg: '已取消' });
    expect(await tv.next(QrLoginEvents.changed)).toEqual({ ticket: created.ticket, state: 'scanned' });
    expect(await tv.next(QrLoginEvents.changed)).toEqual({ ticket: created.ticket, state: 'cancelled' });
    expect((await stateOf(created)).body.data).toMatchObject({ state: 'cancelled', user: null });
    expect((await confirm(phone, created.ticket)).body).toMatchObject({ ret: QrLoginRet.TicketCancelled, msg: '已取消登录' });
    expect((await scan(phone, created.ticket)).body.ret).toBe(QrLoginRet.TicketCancelled);
  });

  it('expires after 2 minutes: not scanned, not confirmed; the screen reads expired', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    const scannedOne = await createTicket();
    await scan(phone, scannedOne.ticket);
    clock.advance(QrLoginRules.lifetimeMs - 1000);
    expect((await stateOf(created)).body.data).toMatchObject({ state: 'pending', expiresInMs: 1000 });
    clock.advance(1000);
    expect((await scan(phone, created.ticket)).body).toMatchObject({ ret: QrLoginRet.TicketExpired, msg: '二维码已过期' });
    expect((await confirm(phone, scannedOne.ticket)).body.ret).toBe(QrLoginRet.TicketExpired);
    expect((await cancel(phone, scannedOne.ticket)).body.ret).toBe(QrLoginRet.TicketExpired);
    expect((await stateOf(created)).body.data).toEqual({ state: 'expired', expiresInMs: 0, user: null });
    expect((await stateOf(scannedOne)).body.data).toMatchObject({ state: 'expired', user: null });
  });

  it('a confirmed session waits 2 minutes for its screen, then is gone', async () => {
    const phone = await server.registerUser();
    const created = await createTicket();
    await scan(phone, created.ticket);
    await confirm(phone, created.ticket);
    clock.advance(QrLoginRules.lifetimeMs + 1000);
    expect((await stateOf(created)).body.ret).toBe(QrLoginRet.TicketExpired);
  });

  it('checks every parameter, and limits tickets per address', async () => {
    const phone = await server.registerUser();
    expect((await server.post(QrLoginCalls.scanTicket.path, { ...tokenParams(phone.token) })).body.ret).toBe(Ret.MissingParam);
    expect((await scan(phone, 'short')).body).toMatchObject({ ret: Ret.BadParam, msg: '二维码无效，请重新扫码' });
    expect((await scan(phone, `${'a'.repeat(42)}!`)).body.ret).toBe(Ret.BadParam);
    expect((await scan(phone, 'a'.repeat(43))).body.ret).toBe(QrLoginRet.TicketNotFound);
    expect((await server.post(QrLoginCalls.ticketState.path, { ticket: 'a'.repeat(43) })).body.ret).toBe(Ret.MissingParam);

    const ip = uniqueIp();
    const answers = await Promise.all(Array.from({ length: 35 }, () => server.post(QrLoginCalls.createTicket.path, {}, { ip })));
    expect(answers.filter((answer) => answer.body.ret === Ret.Ok)).toHaveLength(30);
    expect(answers.find((answer) => answer.body.ret !== Ret.Ok)?.body).toMatchObject({ ret: Ret.TooManyAttempts, msg: '获取二维码过于频繁，请稍后再试' });
  });

  it('a socket that names no valid secret joins nothing', async () => {
    const client = await openSocket(server.url);
    sockets.push(client);
    client.socket.emit(QrLoginEvents.watch, { secret: 'nope' });
    expect(await client.next(QrLoginEvents.watch)).toEqual({ ok: false });
  });
});
