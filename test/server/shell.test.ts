import { beforeEach, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { DEMO_ACCOUNT, seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { demoConfig, seedConfig } from '../../server/shell/config.ts';
import { DEMO_ACTIVITY, WELCOME_MESSAGE, seedShell } from '../../server/shell/seed.ts';
import { DAY, FakeClock, TEST_ARGON2, tokenParams } from './support.ts';
import { useServerFixture, withTestDatabase } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({ clock });

const addActivity = (fields: { title: string; type?: number; status?: number; startsAt?: Date | null; endsAt?: Date | null }) =>
  server.db.query('INSERT INTO recharge_activities (title, type, status, activity_rule, starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    fields.title, fields.type ?? 0, fields.status ?? 1, `${fields.title}的规则`, fields.startsAt ?? null, fields.endsAt ?? null,
  ]);

describe('GET /api/home/GetActivity', () => {
  beforeEach(async () => {
    await server.db.query('DELETE FROM recharge_activities');
  });

  it('answers null while no recharge activity runs', async () => {
    const { status, body } = await server.get('/api/home/GetActivity');
    expect(status).toBe(200);
    expect(body).toEqual({ ret: Ret.Ok, msg: '成功', data: null });
  });

  it('answers the seeded share activity to visitors and users alike', async () => {
    await seedShell(server.db);
    const expected = { title: DEMO_ACTIVITY.title, status: 1, type: 0, activityRule: DEMO_ACTIVITY.activityRule };
    expect((await server.get('/api/home/GetActivity')).body.data).toEqual(expected);
    const user = await server.registerUser();
    expect((await server.get('/api/home/GetActivity', tokenParams(user.token))).body.data).toEqual(expected);
    expect(DEMO_ACTIVITY.title).toBe('充值享优惠');
  });

  it('skips stopped, ended and not yet started activities, and prefers the newest running one', async () => {
    const now = clock.now();
    await addActivity({ title: '旧活动' });
    await addActivity({ title: '已停止', status: 0 });
    await addActivity({ title: '已结束', endsAt: new Date(now - DAY) });
    await addActivity({ title: '未开始', startsAt: new Date(now + DAY) });
    expect((await server.get('/api/home/GetActivity')).body.data).toMatchObject({ title: '旧活动' });
    await addActivity({ title: '砍价活动', type: 1, startsAt: new Date(now - DAY), endsAt: new Date(now + DAY) });
    expect((await server.get('/api/home/GetActivity')).body.data).toEqual({ title: '砍价活动', status: 1, type: 1, activityRule: '砍价活动的规则' });
    clock.advance(2 * DAY);
    expect((await server.get('/api/home/GetActivity')).body.data).toMatchObject({ title: '未开始' });
  });
});

describe('GET /api/user/GetUserMegCount', () => {
  it('needs a login (201 for a visitor)', async () => {
    const { body } = await server.get('/api/user/GetUserMegCount');
    expect(body.ret).toBe(Ret.SessionInvalid);
    expect(body.data).toBeNull();
  });

  it("counts the user's unread system messages (private ones: test/server/messaging.test.ts)", async () => {
    const user = await server.registerUser();
    const other = await server.registerUser();
    expect((await server.get('/api/user/GetUserMegCount', tokenParams(user.token))).body).toEqual({ ret: Ret.Ok, msg: '成功', data: { count: 0, privateCount: 0, systemCount: 0 } });
    await server.db.query(`INSERT INTO system_messages (uid, title, content, read_at) VALUES
      ($1, '一', '', NULL), ($1, '二', '', NULL), ($1, '三', '', now()), ($2, '四', '', NULL)`, [user.id, other.id]);
    expect((await server.get('/api/user/GetUserMegCount', tokenParams(user.token))).body.data).toEqual({ count: 2, privateCount: 0, systemCount: 2 });
    expect((await server.get('/api/user/GetUserMegCount', tokenParams(other.token))).body.data).toEqual({ count: 1, privateCount: 0, systemCount: 1 });
  });

  it('answers POST as not found (a GET call)', async () => {
    const user = await server.registerUser();
    expect((await server.post('/api/user/GetUserMegCount', tokenParams(user.token))).body.ret).toBe(Ret.NotFound);
  });
});

describe('seedShell', () => {
  it('gives the demo account one welcome message and keeps one activity, however often it runs', async () => {
    await withTestDatabase(async (fresh) => {
      await seed(fresh, { passwords: new PasswordHasher(TEST_ARGON2) });
      await seedShell(fresh);
      await seedShell(fresh);
      const messages = await fresh.query<{ title: string; read_at: Date | null; user_name: string }>(
        'SELECT m.title, m.read_at, u.user_name FROM system_messages m JOIN users u ON u.id = m.uid',
      );
      expect(messages).toEqual([{ title: WELCOME_MESSAGE.title, read_at: null, user_name: DEMO_ACCOUNT.userName }]);
      expect(WELCOME_MESSAGE.title).toBe('欢迎来到奇遇视频');
      expect(await fresh.query('SELECT title FROM recharge_activities')).toEqual([{ title: '充值享优惠' }]);
    });
  });
});

describe('GET /api/home/GetConfig', () => {
  it('answers the configuration entries to visitors, GoogleMap carrying {key}', async () => {
    await server.db.query('DELETE FROM app_config');
    await seedConfig(server.db, demoConfig({ GOOGLE_MAPS_KEY: 'maps-key-from-env' }));
    const { body } = await server.get<{ key: string; value: string }[]>('/api/home/GetConfig');
    expect(body.ret).toBe(Ret.Ok);
    const entries = body.data ?? [];
    const googleMap = entries.find((e) => e.key === 'GoogleMap');
    expect(JSON.parse(googleMap?.value ?? '{}')).toEqual({ key: 'maps-key-from-env' });
  });

  it('seeding again keeps what an operator changed', async () => {
    await server.db.query("UPDATE app_config SET value = 'ops@qiyu.example' WHERE key = 'ServiceEmail'");
    await seedConfig(server.db);
    const rows = await server.db.query<{ value: string }>("SELECT value FROM app_config WHERE key = 'ServiceEmail'");
    expect(rows).toEqual([{ value: 'ops@qiyu.example' }]);
  });
});
