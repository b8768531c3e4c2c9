import { expect, it } from 'vitest';
import { installFakeRegionApi } from '../../adapters/http/fake-region-api.ts';
import { RegionCalls, RegionRet } from '../../src/core/region/region-protocol.ts';
import type { MalaysiaCheck, RegionInfo } from '../../src/core/region/region-protocol.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The region's calls (src/core/region/region-protocol.ts) as the app sends them, answered by the fake
 * (adapters/http/fake-region-api.ts) and by the reference server (in process, its default region China): both must
 * answer alike.
 */
interface RegionWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller?: Record<string, string>): Promise<Answer>;
  /** A new signed-in user's token fields. */
  signedIn(): Promise<Record<string, string>>;
}

protocolContract<RegionWorld>('region protocol', {
  fake: ({ http, send }) => {
    installFakeRegionApi(http);
    let next = 0;
    return {
      send,
      signedIn: async () => {
        next += 1;
        return { login_uid: String(next), uid: String(next), token: `t${next}` };
      },
    };
  },
  server: {
    config: { defaultRegion: 'CN' },
    world: ({ app, send }) => ({
      send,
      signedIn: async () => tokenParams((await registerUser(app)).token),
    }),
  },
}, (world) => {
  it('GetUserRegion answers the region that applies, named', async () => {
    expect(await world.send(RegionCalls.userRegion, {})).toMatchObject({ ret: 200, data: { country: '中国', code: 'CN' } satisfies RegionInfo });
  });

  it('IsMalaysia: not for the region that applies nor for cn; my (any case) is 1010 with isMalaysia true', async () => {
    expect(await world.send(RegionCalls.isMalaysia, {})).toMatchObject({ ret: 200, data: { isMalaysia: false } satisfies MalaysiaCheck });
    expect(await world.send(RegionCalls.isMalaysia, { region: 'cn' })).toMatchObject({ ret: 200, data: { isMalaysia: false } });
    expect(await world.send(RegionCalls.isMalaysia, { region: ' my ' })).toEqual({ ret: RegionRet.Malaysia, msg: '当前地区为马来西亚', data: { isMalaysia: true } });
  });

  it('IsMalaysia refuses a code no region has (不支持的地区：XX) and one not of two letters (1002)', async () => {
    expect(await world.send(RegionCalls.isMalaysia, { region: 'ZZ' })).toMatchObject({ ret: 1002, msg: '不支持的地区：ZZ' });
    expect(await world.send(RegionCalls.isMalaysia, { region: 'xyz' })).toMatchObject({ ret: 1002, msg: '参数格式错误：region' });
    expect(await world.send(RegionCalls.isMalaysia, { region: 'm'.repeat(65) })).toMatchObject({ ret: 1002, msg: '参数格式错误：region' });
  });

  it('SetUserRegion keeps a signed-in user\'s region: GetUserRegion and IsMalaysia answer it; a visitor and an unknown code are refused', async () => {
    const caller = await world.signedIn();
    expect(await world.send(RegionCalls.setUserRegion, { region: 'my' }, caller)).toMatchObject({ ret: 200, data: { country: '马来西亚', code: 'MY' } });
    expect(await world.send(RegionCalls.userRegion, {}, caller)).toMatchObject({ ret: 200, data: { country: '马来西亚', code: 'MY' } });
    expect((await world.send(RegionCalls.isMalaysia, {}, caller)).ret).toBe(RegionRet.Malaysia);
    expect(await world.send(RegionCalls.userRegion, {})).toMatchObject({ ret: 200, data: { code: 'CN' } });
    expect(await world.send(RegionCalls.setUserRegion, { region: 'ZZ' }, caller)).toMatchObject({ ret: 1002, msg: '不支持的地区：ZZ' });
    expect((await world.send(RegionCalls.setUserRegion, { region: 'CHN' }, caller)).ret).toBe(1002);
    expect((await world.send(RegionCalls.setUserRegion, { region: 'MY' })).ret).toBe(201);
  });
  it('SetUserRegion with a state keeps the region inside the country: GetUserRegion answers it named; another country\'s or an unknown state is refused', async () => {
    const caller = await world.signedIn();
    const saved = { country: '中国', code: 'CN', state: '广东省', stateCode: 'GD' } satisfies RegionInfo;
    expect(await world.send(RegionCalls.setUserRegion, { region: 'CN', state: 'gd' }, caller)).toMatchObject({ ret: 200, data: saved });
    expect((await world.send(RegionCalls.userRegion, {}, caller)).data).toEqual(saved);
    expect((await world.send(RegionCalls.setUserRegion, { region: 'JP', state: '13' }, caller)).data).toEqual({ country: '日本', code: 'JP', state: '东京都', stateCode: '13' });
    expect(await world.send(RegionCalls.setUserRegion, { region: 'CN', state: 'ZZ' }, caller)).toMatchObject({ ret: 1002, msg: '不支持的地区：CN-ZZ' });
    expect(await world.send(RegionCalls.setUserRegion, { region: 'CN', state: 'CA' }, caller)).toMatchObject({ ret: 1002, msg: '不支持的地区：CN-CA' });
    expect(await world.send(RegionCalls.setUserRegion, { region: 'KR', state: '11' }, caller)).toMatchObject({ ret: 1002, msg: '不支持的地区：KR-11' });
    expect((await world.send(RegionCalls.setUserRegion, { region: 'CN', state: 'GDXX' }, caller)).ret).toBe(1002);
    expect((await world.send(RegionCalls.setUserRegion, { region: 'CN', state: 'G-' }, caller)).ret).toBe(1002);
    // The refusals kept the last one; a country alone drops the state.
    expect((await world.send(RegionCalls.userRegion, {}, caller)).data).toEqual({ country: '日本', code: 'JP', state: '东京都', stateCode: '13' });
    expect((await world.send(RegionCalls.setUserRegion, { region: 'CN' }, caller)).data).toEqual({ country: '中国', code: 'CN' });
    expect((await world.send(RegionCalls.userRegion, {}, caller)).data).toEqual({ country: '中国', code: 'CN' });
    expect(await world.send(RegionCalls.setUserRegion, { region: 'CN', state: 'GD' })).toMatchObject({ ret: 201 });
  });
});
