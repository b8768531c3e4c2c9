import { describe, expect, it } from 'vitest';
import { Ret } from '../../server/http/ret.ts';
import { allRegionCodes, regionByCode } from '../../server/region/regions.ts';
import { FakeClock, get, setUserRegion, tokenParams } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({ clock });

const header = (code: string) => ({ headers: { 'x-country-code': code } });

describe('GET /api/home/GetUserRegion', () => {
  it('answers the default region (CN) for a visitor without a country header', async () => {
    const { status, body } = await server.get('/api/home/GetUserRegion');
    expect(status).toBe(200);
    expect(body).toEqual({ ret: Ret.Ok, msg: '成功', data: { country: '中国', code: 'CN' } });
  });

  it('uses the CDN country header, in any case', async () => {
    expect((await server.get('/api/home/GetUserRegion', {}, header('hk'))).body.data).toEqual({ country: '中国香港', code: 'HK' });
    expect((await server.get('/api/home/GetUserRegion', {}, header('MY'))).body.data).toEqual({ country: '马来西亚', code: 'MY' });
    expect((await server.get('/api/home/GetUserRegion', {}, header('TW'))).body.data).toEqual({ country: '中国台湾', code: 'TW' });
  });

  it("prefers the logged-in user's saved region over the header", async () => {
    const user = await server.registerUser();
    await setUserRegion(server.db, user.id, 'SG');
    const { body } = await server.get('/api/home/GetUserRegion', tokenParams(user.token), header('MY'));
    expect(body.data).toEqual({ country: '新加坡', code: 'SG' });
  });

  it('falls back to the header for a logged-in user without a saved region', async () => {
    const user = await server.registerUser();
    const { body } = await server.get('/api/home/GetUserRegion', tokenParams(user.token), header('JP'));
    expect(body.data).toEqual({ country: '日本', code: 'JP' });
  });

  it('answers 1002 for a code that is not a region', async () => {
    expect((await server.get('/api/home/GetUserRegion', {}, header('XX'))).body)
      .toEqual({ ret: Ret.BadParam, msg: '不支持的地区：XX', data: null });
    expect((await server.get('/api/home/GetUserRegion', {}, header('nowhere'))).body)
      .toEqual({ ret: Ret.BadParam, msg: '参数格式错误：region', data: null });
  });

  it('uses DEFAULT_REGION from the configuration', async () => {
    const other = await server.startApp({ config: { defaultRegion: 'US' } });
    try {
      expect((await get(other, '/api/home/GetUserRegion')).body.data).toEqual({ country: '美国', code: 'US' });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/user/IsMalaysia', () => {
  const NOT_MALAYSIA = { ret: Ret.Ok, msg: '成功', data: { isMalaysia: false } };
  const MALAYSIA = { ret: Ret.MalaysiaRegion, msg: '当前地区为马来西亚', data: { isMalaysia: true } };

  it('answers false for a visitor from elsewhere', async () => {
    expect((await server.get('/api/user/IsMalaysia')).body).toEqual(NOT_MALAYSIA);
    expect((await server.get('/api/user/IsMalaysia', {}, header('SG'))).body).toEqual(NOT_MALAYSIA);
  });

  it('answers 1010 when the header says Malaysia', async () => {
    const { status, body } = await server.get('/api/user/IsMalaysia', {}, header('MY'));
    expect(status).toBe(200);
    expect(body).toEqual(MALAYSIA);
  });

  it('lets the region param (custom area) decide over header and saved region', async () => {
    expect((await server.get('/api/user/IsMalaysia', { region: 'my' }, header('CN'))).body).toEqual(MALAYSIA);
    expect((await server.get('/api/user/IsMalaysia', { region: 'SG' }, header('MY'))).body).toEqual(NOT_MALAYSIA);
    const user = await server.registerUser();
    await setUserRegion(server.db, user.id, 'MY');
    expect((await server.get('/api/user/IsMalaysia', { ...tokenParams(user.token), region: 'CN' })).body).toEqual(NOT_MALAYSIA);
  });

  it("uses the logged-in user's saved region", async () => {
    const user = await server.registerUser();
    await setUserRegion(server.db, user.id, 'MY');
    expect((await server.get('/api/user/IsMalaysia', tokenParams(user.token), header('CN'))).body).toEqual(MALAYSIA);
    await setUserRegion(server.db, user.id, 'TH');
    expect((await server.get('/api/user/IsMalaysia', tokenParams(user.token), header('MY'))).body).toEqual(NOT_MALAYSIA);
  });

  it('answers 1002 for an unknown region param', async () => {
    expect((await server.get('/api/user/IsMalaysia', { region: 'QQ' })).body).toEqual({ ret: Ret.BadParam, msg: '不支持的地区：QQ', data: null });
    expect((await server.get('/api/user/IsMalaysia', { region: 'Malaysia' })).body)
      .toEqual({ ret: Ret.BadParam, msg: '参数格式错误：region', data: null });
  });

  it('does not call a visitor Malaysian because the CDN sent a placeholder code', async () => {
    expect((await server.get('/api/user/IsMalaysia', {}, header('XX'))).body).toEqual(NOT_MALAYSIA);
  });
});

describe('region table', () => {
  it('names every ISO 3166-1 code in Chinese, and XK (Kosovo, the user-assigned code in common use)', () => {
    const codes = allRegionCodes();
    expect(codes).toHaveLength(250);
    expect(new Set(codes).size).toBe(250);
    expect(regionByCode('XK')?.country).toBe('科索沃');
    for (const code of codes) {
      expect(regionByCode(code)?.country, code).toMatch(/\p{Script=Han}/u);
    }
  });

  it('uses the product names for the main markets', () => {
    expect(['CN', 'HK', 'TW', 'MO', 'MY', 'SG', 'US', 'JP', 'KR', 'TH'].map((code) => regionByCode(code)?.country)).toEqual([
      '中国', '中国香港', '中国台湾', '中国澳门', '马来西亚', '新加坡', '美国', '日本', '韩国', '泰国',
    ]);
    expect(regionByCode('XX')).toBeUndefined();
    expect(regionByCode('cn')).toBeUndefined();
  });
});
