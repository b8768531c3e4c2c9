import { describe, expect, it } from 'vitest';
import { RegionCalls, RegionRet } from '../../src/core/region/region-protocol.ts';
import { Ret } from '../../server/http/ret.ts';
import { tokenParams } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const server = useServerFixture();

describe('SetUserRegion (/selectArea, issue 22)', () => {
  it('keeps the region on the account: GetUserRegion and the Malaysia check answer it at once', async () => {
    const user = await server.registerUser();
    expect((await server.get(RegionCalls.userRegion.path, tokenParams(user.token))).body.data).toEqual({ country: '中国', code: 'CN' });
    const saved = await server.post(RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'my' });
    expect(saved.body).toMatchObject({ ret: Ret.Ok, data: { country: '马来西亚', code: 'MY' } });
    expect((await server.get(RegionCalls.userRegion.path, tokenParams(user.token))).body.data).toEqual({ country: '马来西亚', code: 'MY' });
    expect((await server.get(RegionCalls.isMalaysia.path, tokenParams(user.token))).body.ret).toBe(RegionRet.Malaysia);
    expect((await server.post(RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'XK' })).body.data).toEqual({ country: '科索沃', code: 'XK' });
  });

  it('keeps a state of the country (/countryStateList) beside it, validated against the country\'s list', async () => {
    const user = await server.registerUser();
    const params = tokenParams(user.token);
    const saved = await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'cn', state: ' gd ' });
    expect(saved.body).toMatchObject({ ret: Ret.Ok, data: { country: '中国', code: 'CN', state: '广东省', stateCode: 'GD' } });
    expect((await server.db.query<{ region: string; region_state: string }>('SELECT region, region_state FROM users WHERE id = $1', [user.id]))[0]).toEqual({ region: 'CN', region_state: 'GD' });
    expect((await server.get(RegionCalls.userRegion.path, params)).body.data).toEqual({ country: '中国', code: 'CN', state: '广东省', stateCode: 'GD' });
    // Every provincial-level division of China, each US state, Japan's prefectures.
    for (const [region, state, name] of [['CN', 'BJ', '北京市'], ['CN', 'MO', '澳门特别行政区'], ['US', 'CA', '加利福尼亚州'], ['JP', '47', '冲绳县'], ['AU', 'NSW', '新南威尔士州'], ['MY', '14', '吉隆坡']] as const) {
      expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region, state })).body.data).toMatchObject({ code: region, state: name, stateCode: state });
    }
    // Refused: a state of another country, an unknown one, one for a country without a list; the last one stays.
    expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'CN', state: 'NSW' })).body).toMatchObject({ ret: Ret.BadParam, msg: '不支持的地区：CN-NSW' });
    expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'FR', state: 'IDF' })).body).toMatchObject({ ret: Ret.BadParam, msg: '不支持的地区：FR-IDF' });
    expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'CN', state: 'G D' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'CN', state: 'GD\u0000' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'CN', state: 'ABCD' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get(RegionCalls.userRegion.path, params)).body.data).toEqual({ country: '马来西亚', code: 'MY', state: '吉隆坡', stateCode: '14' });
    // A country alone clears the state; a visitor (the default region) never has one.
    expect((await server.post(RegionCalls.setUserRegion.path, { ...params, region: 'FR' })).body.data).toEqual({ country: '法国', code: 'FR' });
    expect((await server.db.query<{ region_state: string | null }>('SELECT region_state FROM users WHERE id = $1', [user.id]))[0]?.region_state).toBeNull();
    expect((await server.get(RegionCalls.userRegion.path, {})).body.data).toEqual({ country: '中国', code: 'CN' });
  });

  it('parallel picks of one account end with one consistent country and state', async () => {
    const user = await server.registerUser();
    const params = tokenParams(user.token);
    const picks = [['CN', 'GD'], ['US', 'NY'], ['JP', '13'], ['CN', 'SH'], ['DE', 'BE']] as const;
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => {
      const [region, state] = picks[i % picks.length]!;
      return server.post(RegionCalls.setUserRegion.path, { ...params, region, state });
    }));
    expect(answers.every((answer) => answer.body.ret === Ret.Ok)).toBe(true);
    const row = (await server.db.query<{ region: string; region_state: string }>('SELECT region, region_state FROM users WHERE id = $1', [user.id]))[0];
    expect(picks.some(([region, state]) => row?.region === region && row.region_state === state)).toBe(true);
  });

  it('refuses an unknown or malformed code, and a visitor', async () => {
    const user = await server.registerUser();
    expect((await server.post(RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'QQ' })).body).toMatchObject({ ret: Ret.BadParam, msg: '不支持的地区：QQ' });
    expect((await server.post(RegionCalls.setUserRegion.path, { ...tokenParams(user.token), region: 'CHN' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post(RegionCalls.setUserRegion.path, { region: 'MY' })).body.ret).toBe(Ret.SessionInvalid);
  });
});
