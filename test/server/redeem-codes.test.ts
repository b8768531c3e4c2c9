import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin as runAdminCommand } from '../../server/admin/admin.ts';
import { createPgliteDatabase, type PgliteDatabase } from '../../server/db/pglite-database.ts';
import { Ret } from '../../server/http/ret.ts';
import { createRedeemCodes } from '../../server/vip-redeem/redeem-codes.ts';
import { seedVip } from '../../server/vip/vip-seed.ts';
import { formatRedeemCode } from '../../src/core/vip-redeem/redeem-code.ts';
import { VipRedeemCalls, VipRedeemRet, type RedeemChoice, type RedeemDone } from '../../src/core/vip-redeem/vip-redeem-protocol.ts';
import { DAY, FakeClock, MINUTE, createMigratedPglite, post, registerUser, tokenParams, uniqueIp, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();
const REDEEM = VipRedeemCalls.redeem.path;
/** Seed packages: 101 黄金月卡 (30 days, gold), 202 钻石季卡 (90 + 10 days, diamond). */
const GOLD_MONTH = 101;
const DIAMOND_QUARTER = 202;

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedVip(db);
  },
  // A new migration rebuilds the migrated template first: on a busy machine that takes more than the default minute.
  setupTimeout: 240_000,
});

const mint = async (packageIds: number[] = [GOLD_MONTH], expiresAt: Date | null = null): Promise<string> => {
  const [code] = await createRedeemCodes(server.db, { packageIds, count: 1, expiresAt }, clock.now());
  if (code === undefined) throw new Error('no code');
  return code;
};
const redeem = (user: TestUser, code: string, extra: Record<string, string> = {}, ip = uniqueIp()) =>
  server.post<RedeemDone | RedeemChoice | null>(REDEEM, { ...tokenParams(user.token), code, ...extra }, { ip });
const vipOf = async (uid: number) =>
  (await server.db.query<{ vip_level: number; vip_expire: Date | null }>('SELECT vip_level, vip_expire FROM users WHERE id = $1', [uid]))[0];
/** YYYY-MM-DD of the fake clock plus `days`, China time (the fake clock is 12:00 in China). */
const dateAfter = (days: number) => new Date(clock.now() + days * DAY + 8 * 60 * MINUTE).toISOString().slice(0, 10);

describe('ExchangeVip: redeeming a code', () => {
  it('grants the package once: 兑换成功，VIP有效期至 …; the VIP time and the ledger change together', async () => {
    const user = await server.registerUser();
    const code = await mint();
    const { body } = await redeem(user, code);
    expect(body).toMatchObject({
      ret: Ret.Ok,
      msg: `兑换成功，VIP有效期至 ${dateAfter(30)}`,
      data: { package: { packageId: GOLD_MONTH, name: '黄金月卡', days: 30 }, vipExpireDate: dateAfter(30), vipLevel: 1 },
    });
    expect((await vipOf(user.id))?.vip_expire?.getTime()).toBe(clock.now() + 30 * DAY);
    const ledger = await server.db.query<{ reason: string; days: number }>('SELECT reason, days FROM vip_time_changes WHERE user_id = $1', [user.id]);
    expect(ledger).toEqual([{ reason: 'redeem', days: 30 }]);
    const again = await redeem(user, code);
    expect(again.body).toMatchObject({ ret: VipRedeemRet.Used, msg: '兑换码已被使用' });
    const other = await server.registerUser();
    expect((await redeem(other, code)).body).toMatchObject({ ret: VipRedeemRet.Used, msg: '兑换码已被使用' });
    expect((await vipOf(other.id))?.vip_level).toBe(0);
  });

  it('extends an active VIP from its expiry, with the purchase rules (a higher type takes the time over)', async () => {
    const user = await server.registerUser();
    await redeem(user, await mint());
    const { body } = await redeem(user, await mint([DIAMOND_QUARTER]));
    expect(body).toMatchObject({ ret: Ret.Ok, data: { vipExpireDate: dateAfter(130), vipLevel: 2, vipTypeName: '钻石VIP' } });
  });

  it('of 20 parallel redemptions of one code by 20 accounts exactly one succeeds, and the time is added once', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => server.registerUser()));
    const code = await mint();
    const answers = await Promise.all(users.map((user) => redeem(user, code)));
    const winners = answers.filter((answer) => answer.body.ret === Ret.Ok);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.ret === VipRedeemRet.Used)).toHaveLength(19);
    const credited = await server.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM vip_time_changes WHERE user_id = ANY($1::int[])',
      [users.map((user) => user.id)],
    );
    expect(Number(credited[0]?.n)).toBe(1);
  });

  it('reads the code case-insensitively, with spaces, dashes and full-width characters', async () => {
    const user = await server.registerUser();
    const code = await mint();
    const typed = ` ${formatRedeemCode(code).toLowerCase().replace(/-/g, ' - ')} `;
    expect((await redeem(user, typed)).body.ret).toBe(Ret.Ok);
    const second = await mint();
    const fullWidth = [...second].map((char) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0)).join('－');
    expect((await redeem(user, fullWidth)).body.ret).toBe(Ret.Ok);
  });

  it('refuses an unknown code (7040), a code past its last day (7042), bad parameters and a visitor', async () => {
    const user = await server.registerUser();
    expect((await redeem(user, 'ABCD-EFGH-JKLM-NPQR')).body).toMatchObject({ ret: VipRedeemRet.NotFound, msg: '兑换码不存在' });
    expect((await redeem(user, '不是兑换码')).body).toMatchObject({ ret: VipRedeemRet.NotFound, msg: '兑换码不存在' });
    const expiring = await mint([GOLD_MONTH], new Date(clock.now() + DAY));
    clock.advance(DAY);
    expect((await redeem(user, expiring)).body).toMatchObject({ ret: VipRedeemRet.Expired, msg: '兑换码已过期' });
    expect((await redeem(user, '')).body.ret).toBe(Ret.MissingParam);
    expect((await redeem(user, 'A'.repeat(65))).body.ret).toBe(Ret.BadParam);
    expect((await redeem(user, await mint(), { packageId: 'abc' })).body.ret).toBe(Ret.BadParam);
    expect((await server.post(REDEEM, { code: await mint() })).body.ret).toBe(Ret.SessionInvalid);
  });

  it('a choice code answers its packages (7044, no try counted); a package it does not allow is 7045; the chosen one is granted', async () => {
    const user = await server.registerUser();
    const code = await mint([GOLD_MONTH, DIAMOND_QUARTER]);
    const ask = await redeem(user, code);
    expect(ask.body).toMatchObject({ ret: VipRedeemRet.ChoosePackage, msg: '请选择要兑换的套餐' });
    expect((ask.body.data as RedeemChoice).packages.map((item) => [item.packageId, item.categoryName, item.days])).toEqual([
      [GOLD_MONTH, '黄金VIP', 30],
      [DIAMOND_QUARTER, '钻石VIP', 100],
    ]);
    expect((await redeem(user, code, { packageId: '203' })).body).toMatchObject({ ret: VipRedeemRet.PackageNotAllowed, msg: '该兑换码不能兑换此套餐' });
    const done = await redeem(user, code, { packageId: String(DIAMOND_QUARTER) });
    expect(done.body).toMatchObject({ ret: Ret.Ok, data: { package: { packageId: DIAMOND_QUARTER }, vipLevel: 2 } });
    expect((await redeem(user, code, { packageId: String(GOLD_MONTH) })).body.ret).toBe(VipRedeemRet.Used);
    // A single-package code with another packageId is refused too.
    expect((await redeem(user, await mint(), { packageId: String(DIAMOND_QUARTER) })).body.ret).toBe(VipRedeemRet.PackageNotAllowed);
  });

  it('limits tries per account: 10 wrong codes an hour (even in parallel), then even a right one waits', async () => {
    const user = await server.registerUser();
    const wrong = await Promise.all(Array.from({ length: 14 }, () => redeem(user, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ')));
    expect(wrong.filter((answer) => answer.body.ret === VipRedeemRet.NotFound)).toHaveLength(10);
    expect(wrong.filter((answer) => answer.body.ret === VipRedeemRet.TooManyTries)).toHaveLength(4);
    const code = await mint();
    expect((await redeem(user, code)).body).toMatchObject({ ret: VipRedeemRet.TooManyTries, msg: '尝试次数过多，请稍后再试' });
    clock.advance(61 * MINUTE);
    expect((await redeem(user, code)).body.ret).toBe(Ret.Ok);
  });

  it('successful redemptions are given back: many codes in a row are fine', async () => {
    const user = await server.registerUser();
    for (let i = 0; i < 12; i += 1) expect((await redeem(user, await mint())).body.ret).toBe(Ret.Ok);
  });

  it('limits tries per address: 30 an hour across accounts', async () => {
    const ip = uniqueIp();
    const users = await Promise.all(Array.from({ length: 4 }, () => server.registerUser()));
    let refused = 0;
    for (let i = 0; i < 32; i += 1) {
      const answer = await redeem(users[i % 4]!, 'ZZZZ-ZZZZ-ZZZZ-ZZZZ', {}, ip);
      if (answer.body.ret === VipRedeemRet.TooManyTries) refused += 1;
    }
    expect(refused).toBe(2);
    const fresh = await server.registerUser();
    expect((await redeem(fresh, await mint(), {}, ip)).body.ret).toBe(VipRedeemRet.TooManyTries);
    expect((await redeem(fresh, await mint(), {}, uniqueIp())).body.ret).toBe(Ret.Ok);
  });
});

describe('npm run admin -- codes create', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'qiyu-admin-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const runAdmin = (args: string[], dataDir: string) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const child = spawn('npm', ['run', '-s', 'admin', '--', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => resolve({ code, out, err }));
    });

  it('prints N codes for a PGlite data folder; the server on that folder redeems one, once; --help and bad input', async () => {
    // The data folder starts from the migrated template with the VIP catalogue (no initdb), as a server would leave it.
    const template = await createMigratedPglite();
    await seedVip(template);
    const dump = await (template as PgliteDatabase).dumpDataDir();
    await template.close();
    const dataDir = join(folder, 'data');
    await (await createPgliteDatabase({ dataDir, loadDataDir: dump })).close();

    const made = await runAdmin(['codes', 'create', '--package', String(GOLD_MONTH), '--package', String(DIAMOND_QUARTER), '--count', '3', '--expires', '2099-12-31'], dataDir);
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    const codes = made.out.trim().split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);

    // Its help and refusals, run in process (the same runAdmin the command runs): no second Node start per case.
    const inProcess = async (args: string[]) => {
      const io = { out: '', err: '' };
      const code = await runAdminCommand(args, { dataDir, databaseUrl: undefined }, { out: (line) => (io.out += `${line}\n`), err: (line) => (io.err += `${line}\n`) });
      return { code, ...io };
    };
    const help = await inProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('codes create');
    const noCount = await inProcess(['codes', 'create', '--package', '101']);
    expect(noCount.code).toBe(2);
    expect(noCount.err).toContain('缺少 --count');
    const badDate = await inProcess(['codes', 'create', '--package', '101', '--count', '1', '--expires', '2030-02-30']);
    expect(badDate.code).toBe(2);
    expect(badDate.err).toContain('--expires');
    const noPackage = await inProcess(['codes', 'create', '--package', '999', '--count', '1']);
    expect(noPackage.code).toBe(1);
    expect(noPackage.err).toContain('套餐不存在：999');

    const served = await createPgliteDatabase({ dataDir });
    const app = await server.startApp({ db: served });
    try {
      const user = await registerUser(app);
      const send = (fields: Record<string, string>) => post<RedeemDone>(app, REDEEM, { ...tokenParams(user.token), ...fields }, { ip: uniqueIp() });
      expect((await send({ code: codes[0]! })).body.ret).toBe(VipRedeemRet.ChoosePackage);
      const done = await send({ code: codes[0]!, packageId: String(GOLD_MONTH) });
      expect(done.body).toMatchObject({ ret: Ret.Ok, msg: `兑换成功，VIP有效期至 ${dateAfter(30)}` });
      expect((await send({ code: codes[0]!, packageId: String(GOLD_MONTH) })).body.ret).toBe(VipRedeemRet.Used);
    } finally {
      await app.close();
      await served.close();
    }
  }, 600_000);
});
