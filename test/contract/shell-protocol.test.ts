import { expect, it } from 'vitest';
import { installFakeShellApi } from '../../adapters/http/fake-shell-api.ts';
import { DEMO_CUS_SERVICE, demoConfig, seedConfig } from '../../server/shell/config.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import type { ConfigEntry, CusServiceConfig, UnreadCounts, VisitDay } from '../../src/core/shell/shell-protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The shell's calls (src/core/shell/shell-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-shell-api.ts) and by the reference server (in process, on its test database, with the demo
 * configuration): both must answer alike.
 */
interface ShellWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, extra?: Record<string, string | undefined>): Promise<Answer>;
  signedIn(): Promise<Record<string, string>>;
  /** The China day of the world's clock (YYYY-MM-DD). */
  today: string;
}

const NOW = Date.UTC(2030, 0, 15, 20, 0, 0);
/** 20:00 UTC is the next day in China. */
const CHINA_DAY = '2030-01-16';

protocolContract<ShellWorld>('shell protocol', {
  startsAt: NOW,
  fake: ({ http, send, clock }) => {
    const state = installFakeShellApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null), now: () => clock.now() });
    state.config.push(...demoConfig({}));
    state.cusService = { ...DEMO_CUS_SERVICE, uid: 5, nickName: '客服' };
    let nextUid = 1;
    return {
      today: CHINA_DAY,
      send,
      signedIn: async () => ({ login_uid: String(nextUid++) }),
    };
  },
  server: {
    seed: (db) => seedConfig(db, demoConfig({})),
    world: ({ app, send }) => ({
      today: CHINA_DAY,
      send,
      signedIn: async () => tokenParams((await registerUser(app)).token),
    }),
  },
}, (world) => {
  it('GetConfig lists the entries by key, every value text; GoogleMap holds JSON { key }', async () => {
    const answer = await world.send(ShellCalls.config, {});
    expect(answer.ret).toBe(200);
    const entries = answer.data as ConfigEntry[];
    expect(entries.map((e) => e.key)).toEqual([...entries.map((e) => e.key)].sort());
    expect(entries.every((e) => typeof e.value === 'string')).toBe(true);
    const map = JSON.parse(entries.find((e) => e.key === 'GoogleMap')?.value ?? 'null') as { key: unknown };
    expect(typeof map.key).toBe('string');
    expect(entries.find((e) => e.key === 'ServiceEmail')?.value).toBe('service@qiyu.example');
  });

  it('GetCusServiceConfig answers the account, its user id (0 when none), hours, welcome and fallback contact', async () => {
    const answer = await world.send(ShellCalls.cusServiceConfig, {});
    expect(answer.ret).toBe(200);
    const config = answer.data as CusServiceConfig;
    expect({ ...config, uid: 0, nickName: '' }).toEqual({ ...DEMO_CUS_SERVICE, uid: 0, nickName: '' } satisfies CusServiceConfig);
    expect(Number.isInteger(config.uid) && config.uid >= 0).toBe(true);
  });

  it('AccessStatistics counts a visit (visitor with or without a device, or signed in) on the China day; cineam must be 1, DeviceId at most 64', async () => {
    expect(await world.send(ShellCalls.accessStatistics, { cineam: 1 })).toEqual({ ret: 200, msg: '成功', data: { day: world.today } satisfies VisitDay });
    expect((await world.send(ShellCalls.accessStatistics, { cineam: 1, DeviceId: 'device-1' })).ret).toBe(200);
    expect((await world.send(ShellCalls.accessStatistics, { cineam: 1 }, await world.signedIn())).ret).toBe(200);
    expect(await world.send(ShellCalls.accessStatistics, { cineam: 2 })).toMatchObject({ ret: 1002, msg: '参数格式错误：cineam' });
    expect((await world.send(ShellCalls.accessStatistics, { cineam: 1 }, { cineam: undefined })).ret).toBe(1001);
    expect(await world.send(ShellCalls.accessStatistics, { cineam: 1, DeviceId: 'd'.repeat(65) })).toMatchObject({ ret: 1002, msg: '参数格式错误：DeviceId' });
  });

  it('GetUserMegCount: the signed-in caller\'s unread counts (count is both); a visitor is 201', async () => {
    const answer = await world.send(ShellCalls.unreadCount, {}, await world.signedIn());
    expect(answer.ret).toBe(200);
    const counts = answer.data as UnreadCounts;
    expect(counts.count).toBe(counts.privateCount + counts.systemCount);
    expect(counts.privateCount).toBe(0);
    expect((await world.send(ShellCalls.unreadCount, {})).ret).toBe(201);
  });
});
