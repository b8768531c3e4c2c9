import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionCalls, RegionRet } from '../../src/core/region/region-protocol.ts';
import { createApp } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { Ret } from '../../server/http/ret.ts';
import { createTestDatabase, get, post, registerUser, testConfig, tokenParams } from './support.ts';

let db: Database;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDatabase();
  app = await createApp({ db, config: testConfig(), logger: false });
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('SetUserRegion (/selectArea, issue 22)', () => {
  it('keeps the region on the account: GetUserRegion and the Malaysia check answer it at once', async () => {
    const user = await registerUser(app);
    expect((await get(app, RegionCalls.userRegion.path, tokenParams(user.token))).body.data).toEqual({ country: '中国', code: 'CN' });
    const saved = await post(app, RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'my' });
    expect(saved.body).toMatchObject({ ret: Ret.Ok, data: { country: '马来西亚', code: 'MY' } });
    expect((await get(app, RegionCalls.userRegion.path, tokenParams(user.token))).body.data).toEqual({ country: '马来西亚', code: 'MY' });
    expect((await get(app, RegionCalls.isMalaysia.path, tokenParams(user.token))).body.ret).toBe(RegionRet.Malaysia);
    expect((await post(app, RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'XK' })).body.data).toEqual({ country: '科索沃', code: 'XK' });
  });

  it('refuses an unknown or malformed code, and a visitor', async () => {
    const user = await registerUser(app);
    expect((await post(app, RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'QQ' })).body).toMatchObject({ ret: Ret.BadParam, msg: '不支持的地区：QQ' });
    expect((await post(app, RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'CHN' })).body.ret).toBe(Ret.BadParam);
    expect((await post(app, RegionCalls.setUserRegion.path, { region: 'MY' })).body.ret).toBe(Ret.SessionInvalid);
  });
});
