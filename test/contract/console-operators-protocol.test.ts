import { ConsoleAccessTexts } from '../../src/core/shared-kernel/console-access-texts.ts';
import { expect, it } from 'vitest';
import { installFakeConsoleOperatorsApi } from '../../adapters/http/fake-console-operators-api.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import { createOperator, disableOperator } from '../../server/operators/operator-accounts.ts';
import { ConsoleOperatorCalls, ConsoleRet, type AuditPage, type ConsoleSession, type ListedOperator, type MadePassword } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import type { OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { TEST_ARGON2 } from '../server/support.ts';
import { fakeConsoleBrowser, serverConsoleBrowser, type ConsoleBrowser } from './console-browser.ts';
import { protocolContract } from './protocol-contract.ts';

/**
 * The console's operator calls (src/core/admin-operators/admin-operators-protocol.ts) as a browser on the console
 * sends them, its session travelling with it, answered by the fake the console's tests use
 * (adapters/http/fake-console-operators-api.ts) and by the reference server (its cookie and Origin): both alike.
 */
interface ConsoleWorld {
  /** An operator made as the command line makes one. */
  operator(role: OperatorRole, disabled?: boolean): Promise<{ name: string; password: string }>;
  /** A browser of its own (its own cookies). */
  browser(): ConsoleBrowser;
}

let n = 0;
const nextName = (role: OperatorRole) => `${role}-${++n}-${Math.random().toString(36).slice(2, 8)}`;
const PASSWORD = 'contract password';

protocolContract<ConsoleWorld>('console operators protocol', {
  fake: ({ http, send }) => {
    let browsers = 0;
    const state = installFakeConsoleOperatorsApi(http, { browser: (call) => call.params['browser'] ?? null });
    return {
      operator: async (role, disabled = false) => {
        const name = nextName(role);
        state.addOperator({ name, role, password: PASSWORD, disabled });
        return { name, password: PASSWORD };
      },
      browser: () => fakeConsoleBrowser(send, `b${++browsers}`),
    };
  },
  server: {
    world: ({ app, db, clock }) => ({
      operator: async (role, disabled = false) => {
        const name = nextName(role);
        const deps = { db, hasher: new PasswordHasher(TEST_ARGON2), now: () => new Date(clock.now()) };
        const actor = { operatorId: null, name: OperatorTexts.commandLine };
        const made = await createOperator(deps, actor, { name, role, password: PASSWORD });
        if (!made.ok) throw new Error(made.problem);
        if (disabled) await disableOperator(deps, actor, name);
        return { name, password: PASSWORD };
      },
      browser: () => serverConsoleBrowser(app),
    }),
  },
}, (world) => {
  it('signs in and Me answers the operator; a wrong password and an unknown name alike (9502); a disabled operator 9503', async () => {
    const editor = await world.operator('editor');
    const browser = world.browser();
    expect(await browser.send(ConsoleOperatorCalls.me, {})).toEqual({ ret: ConsoleRet.SignInRequired, msg: ConsoleAccessTexts.signInRequired, data: null });
    const signed = await browser.send(ConsoleOperatorCalls.signIn, { name: editor.name, password: editor.password });
    expect(signed).toMatchObject({ ret: 200, data: { name: editor.name, role: 'editor' } });
    expect(await browser.send(ConsoleOperatorCalls.me, {})).toEqual({ ret: 200, msg: '成功', data: signed.data });

    const other = world.browser();
    const wrong = await other.send(ConsoleOperatorCalls.signIn, { name: editor.name, password: 'wrong password' });
    expect(wrong).toEqual({ ret: ConsoleRet.WrongCredentials, msg: OperatorTexts.wrongCredentials, data: null });
    expect(await other.send(ConsoleOperatorCalls.signIn, { name: 'nobody-here', password: 'wrong password' })).toEqual(wrong);
    expect(await other.send(ConsoleOperatorCalls.me, {})).toMatchObject({ ret: ConsoleRet.SignInRequired });
    const disabled = await world.operator('finance', true);
    expect(await other.send(ConsoleOperatorCalls.signIn, { name: disabled.name, password: disabled.password })).toEqual({ ret: ConsoleRet.Disabled, msg: OperatorTexts.disabled, data: null });
  });

  it('lists one’s open sessions, this one marked; ends another of one’s own, never someone else’s (9506); signs out', async () => {
    const editor = await world.operator('editor');
    const laptop = world.browser();
    const desktop = world.browser();
    await laptop.send(ConsoleOperatorCalls.signIn, { name: editor.name, password: editor.password });
    await desktop.send(ConsoleOperatorCalls.signIn, { name: editor.name, password: editor.password });
    const listed = (await desktop.send(ConsoleOperatorCalls.sessions, {})).data as ConsoleSession[];
    expect(listed.map((session) => session.current)).toEqual([true, false]);

    const moderator = await world.operator('moderator');
    const theirs = world.browser();
    await theirs.send(ConsoleOperatorCalls.signIn, { name: moderator.name, password: moderator.password });
    const theirSession = ((await theirs.send(ConsoleOperatorCalls.sessions, {})).data as ConsoleSession[])[0]!;
    expect(await desktop.send(ConsoleOperatorCalls.endSession, { id: theirSession.id })).toEqual({ ret: ConsoleRet.SessionNotFound, msg: OperatorTexts.sessionNotFound, data: null });
    expect((await theirs.send(ConsoleOperatorCalls.me, {})).ret).toBe(200);

    expect((await desktop.send(ConsoleOperatorCalls.endSession, { id: listed[1]!.id })).ret).toBe(200);
    expect((await laptop.send(ConsoleOperatorCalls.me, {})).ret).toBe(ConsoleRet.SignInRequired);
    expect((await desktop.send(ConsoleOperatorCalls.signOut, {})).ret).toBe(200);
    expect((await desktop.send(ConsoleOperatorCalls.me, {})).ret).toBe(ConsoleRet.SignInRequired);
    expect((await desktop.send(ConsoleOperatorCalls.signOut, {})).ret).toBe(ConsoleRet.SignInRequired);
  });

  it('the audit log is an owner’s (9504 for the other roles): the operators made, sign-ins and sign-outs, newest first, filtered', async () => {
    for (const role of ['editor', 'moderator', 'finance'] as const) {
      const someone = await world.operator(role);
      const browser = world.browser();
      await browser.send(ConsoleOperatorCalls.signIn, { name: someone.name, password: someone.password });
      expect(await browser.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 20 })).toEqual({ ret: ConsoleRet.Forbidden, msg: ConsoleAccessTexts.forbidden, data: null });
    }
    const owner = await world.operator('owner');
    const browser = world.browser();
    const signed = await browser.send(ConsoleOperatorCalls.signIn, { name: owner.name, password: owner.password });
    const ownerId = (signed.data as { id: number }).id;
    const own = (await browser.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 20, operatorId: ownerId })).data as AuditPage;
    expect(own.list.map((row) => [row.actor, row.action])).toEqual([[owner.name, 'operators.sign-in']]);
    const made = (await browser.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 1, action: 'operators.create' })).data as AuditPage;
    expect(made).toMatchObject({ page: 1, pageSize: 1 });
    expect(made.total).toBeGreaterThanOrEqual(4);
    expect(made.list).toEqual([
      expect.objectContaining({ operatorId: null, actor: OperatorTexts.commandLine, action: 'operators.create', before: null, after: expect.objectContaining({ name: owner.name, role: 'owner', disabled: false }) }),
    ]);
    const group = (await browser.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 100, action: 'operators.' })).data as AuditPage;
    expect(group.list.every((row) => row.action.startsWith('operators.'))).toBe(true);
    expect((await browser.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 20, action: 'DROP TABLE' })).ret).toBe(1002);
  });

  it('an owner manages operators: made (a password made and shown once), listed, given a new password, disabled; each in the log', async () => {
    const owner = await world.operator('owner');
    const browser = world.browser();
    await browser.send(ConsoleOperatorCalls.signIn, { name: owner.name, password: owner.password });
    const name = nextName('moderator');
    const made = await browser.send(ConsoleOperatorCalls.create, { name, role: 'moderator' });
    expect(made).toMatchObject({ ret: 200, data: { operator: { name, role: 'moderator', disabled: false } } });
    const password = (made.data as MadePassword).password;
    expect(password).toMatch(/^\S{16}$/);
    const given = await browser.send(ConsoleOperatorCalls.create, { name: nextName('editor'), role: 'editor', password: 'given password 1' });
    expect((given.data as MadePassword).password).toBe('');
    expect(await browser.send(ConsoleOperatorCalls.create, { name, role: 'editor' })).toEqual({ ret: ConsoleRet.NameTaken, msg: OperatorTexts.nameTaken, data: null });
    expect(await browser.send(ConsoleOperatorCalls.create, { name: 'a b', role: 'editor' })).toMatchObject({ ret: 1002, msg: OperatorTexts.nameInvalid });
    expect(await browser.send(ConsoleOperatorCalls.create, { name: nextName('editor'), role: 'editor', password: 'short' })).toMatchObject({ ret: 1002, msg: OperatorTexts.passwordInvalid });
    expect((await browser.send(ConsoleOperatorCalls.create, { name: nextName('editor'), role: 'root' as 'owner' })).ret).toBe(1002);

    const moderator = world.browser();
    expect((await moderator.send(ConsoleOperatorCalls.signIn, { name, password })).ret).toBe(200);
    const listed = (await browser.send(ConsoleOperatorCalls.list, {})).data as ListedOperator[];
    expect(listed.find((one) => one.name === name)).toMatchObject({ role: 'moderator', disabled: false });

    const reset = await browser.send(ConsoleOperatorCalls.resetPassword, { name });
    const next = (reset.data as MadePassword).password;
    expect(next).toMatch(/^\S{16}$/);
    expect(next).not.toBe(password);
    expect((await moderator.send(ConsoleOperatorCalls.me, {})).ret).toBe(ConsoleRet.SignInRequired);
    expect((await moderator.send(ConsoleOperatorCalls.signIn, { name, password })).ret).toBe(ConsoleRet.WrongCredentials);
    expect((await moderator.send(ConsoleOperatorCalls.signIn, { name, password: next })).ret).toBe(200);

    expect(await browser.send(ConsoleOperatorCalls.disable, { name })).toMatchObject({ ret: 200, data: { name, disabled: true } });
    expect((await moderator.send(ConsoleOperatorCalls.me, {})).ret).toBe(ConsoleRet.SignInRequired);
    expect(await browser.send(ConsoleOperatorCalls.disable, { name: owner.name })).toEqual({ ret: ConsoleRet.NotYourself, msg: OperatorTexts.notYourself, data: null });
    expect((await browser.send(ConsoleOperatorCalls.disable, { name: 'nobody-here' })).ret).toBe(ConsoleRet.OperatorNotFound);

    const log = (await browser.send(ConsoleOperatorCalls.audit, { page: 1, pageSize: 100, action: 'operators.' })).data as AuditPage;
    const mine = log.list.filter((row) => row.actor === owner.name).map((row) => row.action);
    expect(mine.slice(0, 4)).toEqual(['operators.disable', 'operators.reset-password', 'operators.create', 'operators.create']);
    expect(JSON.stringify(log)).not.toContain(next);
  });

  it('managing operators is an owner’s: every other role is refused each call (9504)', async () => {
    for (const role of ['editor', 'moderator', 'finance'] as const) {
      const someone = await world.operator(role);
      const browser = world.browser();
      await browser.send(ConsoleOperatorCalls.signIn, { name: someone.name, password: someone.password });
      expect((await browser.send(ConsoleOperatorCalls.list, {})).ret).toBe(ConsoleRet.Forbidden);
      expect((await browser.send(ConsoleOperatorCalls.create, { name: nextName('editor'), role: 'owner' })).ret).toBe(ConsoleRet.Forbidden);
      expect((await browser.send(ConsoleOperatorCalls.resetPassword, { name: someone.name })).ret).toBe(ConsoleRet.Forbidden);
      expect((await browser.send(ConsoleOperatorCalls.disable, { name: someone.name })).ret).toBe(ConsoleRet.Forbidden);
    }
  });
});
