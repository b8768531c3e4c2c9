import { expect, it } from 'vitest';
import { installFakeVipRedeemApi } from '../../adapters/http/fake-vip-redeem-api.ts';
import { createRedeemCodes } from '../../server/vip-redeem/redeem-codes.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { formatRedeemCode, REDEEM_CODE_ALPHABET } from '../../src/core/vip-redeem/redeem-code.ts';
import { VipRedeemCalls, VipRedeemRet, type RedeemChoice, type RedeemDone, type VipRecordPage } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { registerUser, tokenParams, uniqueIp } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The redeem and records calls (src/core/vip-redeem/vip-redeem-protocol.ts) as the app sends them, answered by the
 * fake the app's tests use (adapters/http/fake-vip-redeem-api.ts) and by the reference server: both must answer alike.
 */
interface RedeemWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  user(): Promise<Caller>;
  /** A new code (normalised) for the packages; `expired` makes one already past its last day. */
  mint(packageIds: number[], expired?: boolean): Promise<string>;
}

type Caller = Record<string, string>;

/** Seed packages: 101 黄金月卡 (30 days), 202 钻石季卡 (90 + 10 days). */
const GOLD_MONTH = 101;
const DIAMOND_QUARTER = 202;
const NOW = Date.UTC(2030, 0, 15, 4, 0, 0);

protocolContract<RedeemWorld>('vip-redeem protocol', {
  startsAt: NOW,
  fake: ({ http, send }) => {
    let nextUid = 1;
    let nextCode = 0;
    const state = installFakeVipRedeemApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null), now: () => NOW });
    state.packages.set(GOLD_MONTH, { packageId: GOLD_MONTH, categoryName: '黄金VIP', name: '黄金月卡', days: 30, vipLevel: 1, vipCategoryId: 1, vipTypeName: '黄金VIP' });
    state.packages.set(103, { packageId: 103, categoryName: '黄金VIP', name: '黄金年卡', days: 395, vipLevel: 1, vipCategoryId: 1, vipTypeName: '黄金VIP' });
    state.packages.set(DIAMOND_QUARTER, { packageId: DIAMOND_QUARTER, categoryName: '钻石VIP', name: '钻石季卡', days: 100, vipLevel: 2, vipCategoryId: 2, vipTypeName: '钻石VIP' });
    return {
      async user() {
        return { login_uid: String(nextUid++) };
      },
      async mint(packageIds, expired = false) {
        nextCode += 1;
        // The code's number in the code alphabet, after a fixed head: a different code each time.
        const digits = [...nextCode.toString(32).padStart(8, '0')].map((digit) => REDEEM_CODE_ALPHABET[parseInt(digit, 32)]).join('');
        const code = `FAKEKEYS${digits}`;
        state.codes.set(code, { packageIds, expiresAt: expired ? NOW - 1 : null, usedBy: null });
        return code;
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    address: uniqueIp,
    seed: seedVip,
    world: ({ app, db, clock, send }) => ({
      async user() {
        return tokenParams((await registerUser(app)).token);
      },
      async mint(packageIds, expired = false) {
        const [code] = await createRedeemCodes(db, { packageIds, count: 1, expiresAt: expired ? new Date(NOW - 1) : null }, clock.now() - 1000);
        return code ?? '';
      },
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  it('ExchangeVip grants a code once, typed in any case with dashes: 兑换成功，VIP有效期至 …; again 7041', async () => {
    const user = await world.user();
    const code = await world.mint([GOLD_MONTH]);
    const done = await world.send(VipRedeemCalls.redeem, { code: formatRedeemCode(code).toLowerCase() }, user);
    expect(done).toEqual({
      ret: 200,
      msg: '兑换成功，VIP有效期至 2030-02-14',
      data: { package: { packageId: GOLD_MONTH, categoryName: '黄金VIP', name: '黄金月卡', days: 30 }, vipExpireDate: '2030-02-14', vipLevel: 1, vipCategoryId: 1, vipTypeName: '黄金VIP' } satisfies RedeemDone,
    });
    const other = await world.user();
    expect(await world.send(VipRedeemCalls.redeem, { code }, other)).toEqual({ ret: VipRedeemRet.Used, msg: '兑换码已被使用', data: null });
  });

  it('ExchangeVip: unknown 7040, expired 7042, empty 1001, a visitor 201', async () => {
    const user = await world.user();
    expect(await world.send(VipRedeemCalls.redeem, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZ2' }, user)).toEqual({ ret: VipRedeemRet.NotFound, msg: '兑换码不存在', data: null });
    expect(await world.send(VipRedeemCalls.redeem, { code: await world.mint([GOLD_MONTH], true) }, user)).toEqual({ ret: VipRedeemRet.Expired, msg: '兑换码已过期', data: null });
    expect((await world.send(VipRedeemCalls.redeem, { code: '' }, user)).ret).toBe(1001);
    expect((await world.send(VipRedeemCalls.redeem, { code: await world.mint([GOLD_MONTH]) }, null)).ret).toBe(201);
  });

  it('a choice code: 7044 with its packages, 7045 for another package, then the chosen one is granted', async () => {
    const user = await world.user();
    const code = await world.mint([GOLD_MONTH, DIAMOND_QUARTER]);
    const ask = await world.send(VipRedeemCalls.redeem, { code }, user);
    expect(ask.ret).toBe(VipRedeemRet.ChoosePackage);
    expect(ask.msg).toBe('请选择要兑换的套餐');
    expect((ask.data as RedeemChoice).packages).toEqual([
      { packageId: GOLD_MONTH, categoryName: '黄金VIP', name: '黄金月卡', days: 30 },
      { packageId: DIAMOND_QUARTER, categoryName: '钻石VIP', name: '钻石季卡', days: 100 },
    ]);
    expect((await world.send(VipRedeemCalls.redeem, { code, packageId: 103 }, user)).ret).toBe(VipRedeemRet.PackageNotAllowed);
    const done = await world.send(VipRedeemCalls.redeem, { code, packageId: DIAMOND_QUARTER }, user);
    expect(done).toMatchObject({ ret: 200, data: { package: { packageId: DIAMOND_QUARTER }, vipExpireDate: '2030-04-25', vipLevel: 2, vipCategoryId: 2, vipTypeName: '钻石VIP' } });
  });

  it('GetOpenVipRecords lists the redemption (newest first) with its expiry and the code\'s last 4 characters; pageSize 51 is 1002', async () => {
    const user = await world.user();
    const code = await world.mint([GOLD_MONTH]);
    await world.send(VipRedeemCalls.redeem, { code }, user);
    const answer = await world.send(VipRedeemCalls.records, { page: 1, pageSize: 20 }, user);
    expect(answer.ret).toBe(200);
    const page = answer.data as VipRecordPage;
    expect({ page: page.page, pageSize: page.pageSize, total: page.total }).toEqual({ page: 1, pageSize: 20, total: 1 });
    expect(page.list[0]).toMatchObject({
      kind: 'redeem', state: 'success', payType: null, amount: 0, packageName: '黄金月卡', days: 30, vipExpireDate: '2030-02-14', codeHint: code.slice(-4), counterpart: null,
    });
    expect(typeof page.list[0]?.time).toBe('number');
    expect(((await world.send(VipRedeemCalls.records, { page: 1, pageSize: 20 }, await world.user())).data as VipRecordPage).list).toEqual([]);
    expect(await world.send(VipRedeemCalls.records, { page: 1, pageSize: 51 }, user)).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect((await world.send(VipRedeemCalls.records, { page: 1, pageSize: 20 }, null)).ret).toBe(201);
  });

  it('ExchangeVip: 10 wrong codes, then 7043 尝试次数过多，请稍后再试', async () => {
    const user = await world.user();
    for (let i = 0; i < 10; i += 1) expect((await world.send(VipRedeemCalls.redeem, { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZ3' }, user)).ret).toBe(VipRedeemRet.NotFound);
    expect(await world.send(VipRedeemCalls.redeem, { code: await world.mint([GOLD_MONTH]) }, user)).toEqual({ ret: VipRedeemRet.TooManyTries, msg: '尝试次数过多，请稍后再试', data: null });
  });
});
