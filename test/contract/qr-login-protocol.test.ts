import { expect, it } from 'vitest';
import { installFakeQrLoginApi } from '../../adapters/http/fake-qr-login-api.ts';
import { QrLoginCalls, QrLoginRet, QrLoginRules, type QrLoginRequest, type QrTicketCreated, type QrTicketStatus } from '../../src/core/qr-login/qr-login-protocol.ts';
import type { UserAnswer } from '../../src/core/shared-kernel/user.ts';
import { registerUser, tokenParams, uniqueIp } from '../server/support.ts';
import { protocolContract, type Send } from './protocol-contract.ts';

/**
 * QR sign-in's calls (src/core/qr-login/qr-login-protocol.ts) as the app sends them, answered by the fake the app's
 * tests use (adapters/http/fake-qr-login-api.ts) and by the reference server: both must answer alike.
 */
interface World {
  send: Send;
  /** A new signed-in account: its id and token fields. */
  phone(): Promise<{ id: number; caller: Record<string, string> }>;
  later(ms: number): void;
}

protocolContract<World>('QR sign-in protocol', {
  fake: ({ http, send, clock }) => {
    installFakeQrLoginApi(http, {
      caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null),
      signIn: (uid) => ({ id: uid, uid, token: { uid, token: `qr${uid}`, expire: 0, sign: '' } }) as unknown as UserAnswer,
      now: () => clock.now(),
    });
    let next = 0;
    return {
      send,
      phone: async () => {
        next += 1;
        return { id: next, caller: { login_uid: String(next), uid: String(next), token: `t${next}` } };
      },
      later: (ms) => clock.advance(ms),
    };
  },
  server: {
    address: uniqueIp,
    world: ({ app, clock, send }) => ({
      send,
      phone: async () => {
        const user = await registerUser(app);
        return { id: user.id, caller: tokenParams(user.token) };
      },
      later: (ms) => clock.advance(ms),
    }),
  },
}, (world) => {
  const create = async (): Promise<QrTicketCreated> => (await world.send(QrLoginCalls.createTicket, {})).data as QrTicketCreated;
  const stateOf = (created: QrTicketCreated) => world.send(QrLoginCalls.ticketState, { ticket: created.ticket, secret: created.secret });

  it('pending → scanned → confirmed: the screen gets the phone\'s account once', async () => {
    const phone = await world.phone();
    const created = await create();
    expect(created.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.expiresInMs).toBe(QrLoginRules.lifetimeMs);
    expect((await stateOf(created)).data).toEqual({ state: 'pending', expiresInMs: QrLoginRules.lifetimeMs, user: null });
    const scanned = await world.send(QrLoginCalls.scanTicket, { ticket: created.ticket }, phone.caller);
    expect(scanned.ret).toBe(200);
    expect(typeof (scanned.data as QrLoginRequest).device).toBe('string');
    expect((await stateOf(created)).data).toMatchObject({ state: 'scanned', user: null });
    expect(await world.send(QrLoginCalls.confirmTicket, { ticket: created.ticket }, phone.caller)).toMatchObject({ ret: 200, msg: '已确认登录' });
    const answer = await stateOf(created);
    expect(answer.ret).toBe(200);
    expect((answer.data as QrTicketStatus).user?.id).toBe(phone.id);
    expect((await stateOf(created)).ret).toBe(QrLoginRet.TicketUsed);
    expect((await world.send(QrLoginCalls.confirmTicket, { ticket: created.ticket }, phone.caller)).ret).toBe(QrLoginRet.TicketUsed);
  });

  it('the ticket alone does not read the state; another account cannot confirm; a visitor is asked to sign in', async () => {
    const phone = await world.phone();
    const other = await world.phone();
    const created = await create();
    expect((await world.send(QrLoginCalls.ticketState, { ticket: created.ticket, secret: created.ticket })).ret).toBe(QrLoginRet.TicketNotFound);
    expect((await world.send(QrLoginCalls.scanTicket, { ticket: created.ticket })).ret).toBe(201);
    await world.send(QrLoginCalls.scanTicket, { ticket: created.ticket }, phone.caller);
    expect((await world.send(QrLoginCalls.scanTicket, { ticket: created.ticket }, other.caller)).ret).toBe(QrLoginRet.OtherAccount);
    expect((await world.send(QrLoginCalls.confirmTicket, { ticket: created.ticket }, other.caller)).ret).toBe(QrLoginRet.OtherAccount);
  });

  it('cancel: the screen reads cancelled, the ticket no longer confirms', async () => {
    const phone = await world.phone();
    const created = await create();
    await world.send(QrLoginCalls.scanTicket, { ticket: created.ticket }, phone.caller);
    expect(await world.send(QrLoginCalls.cancelTicket, { ticket: created.ticket }, phone.caller)).toMatchObject({ ret: 200, msg: '已取消' });
    expect((await stateOf(created)).data).toMatchObject({ state: 'cancelled', user: null });
    expect((await world.send(QrLoginCalls.confirmTicket, { ticket: created.ticket }, phone.caller)).ret).toBe(QrLoginRet.TicketCancelled);
  });

  it('expires after 2 minutes', async () => {
    const phone = await world.phone();
    const created = await create();
    world.later(QrLoginRules.lifetimeMs);
    expect((await world.send(QrLoginCalls.scanTicket, { ticket: created.ticket }, phone.caller)).ret).toBe(QrLoginRet.TicketExpired);
    expect((await stateOf(created)).data).toEqual({ state: 'expired', expiresInMs: 0, user: null });
  });

  it('checks the ticket\'s form', async () => {
    const phone = await world.phone();
    expect((await world.send(QrLoginCalls.scanTicket, { ticket: 'short' }, phone.caller))).toMatchObject({ ret: 1002, msg: '二维码无效，请重新扫码' });
    expect((await world.send(QrLoginCalls.scanTicket, { ticket: '' }, phone.caller)).ret).toBe(1001);
    expect((await world.send(QrLoginCalls.scanTicket, { ticket: 'a'.repeat(43) }, phone.caller)).ret).toBe(QrLoginRet.TicketNotFound);
  });
});
