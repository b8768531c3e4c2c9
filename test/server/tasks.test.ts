import { describe, expect, it } from 'vitest';
import { DEMO_UPLOADERS, seedCatalogue } from '../../server/catalogue/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedPlayback } from '../../server/playback/seed.ts';
import { TasksCalls, TasksRet, type TaskBoard, type TaskClaimed, type TaskState } from '../../src/core/tasks/tasks-protocol.ts';
import { DAY, FakeClock, MINUTE, tokenParams, type TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

/** 2030-01-15 04:00 UTC: 12:00 in China, 23:00 on the 14th at UTC−5. */
const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
    await seedPlayback(db);
  },
});

const auth = (user: TestUser) => tokenParams(user.token);
const board = async (user: TestUser, utcOffset?: number): Promise<TaskBoard> => {
  const { body } = await server.get<TaskBoard>(TasksCalls.board.path, { ...auth(user), ...(utcOffset === undefined ? {} : { utcOffset: String(utcOffset) }) });
  if (body.ret !== Ret.Ok) throw new Error(JSON.stringify(body));
  return body.data;
};
const task = (b: TaskBoard, key: string): TaskState | undefined => [...b.daily, ...b.newbie].find((t) => t.key === key);
const claim = (user: TestUser, key: string, extra: Record<string, string> = {}) => server.post<TaskClaimed>(TasksCalls.claim.path, { ...auth(user), task: key, ...extra });
const update = (user: TestUser, fields: Record<string, string>) => server.get<TaskState>(TasksCalls.update.path, { ...auth(user), ...fields });
const comment = async (user: TestUser) => {
  const { body } = await server.post('/api/Video/Replys', { ...auth(user), mediaKey: 'movie-01', content: '好看，推荐' });
  expect(body.ret).toBe(Ret.Ok);
};
const playRecord = (user: TestUser) => server.get('/api/video/AddPlayRecord', { ...auth(user), mediaKey: 'movie-02', progress: '30' });
const userIdOf = async (userName: string) => Number((await server.db.query<{ id: number }>('SELECT id FROM users WHERE user_name = $1', [userName]))[0]?.id);
const ledgerTasks = async (uid: number) =>
  (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM gold_ledger WHERE user_id = $1 AND reason = 'task'`, [uid]))[0]?.n;

describe('the task list (GetTaskList)', () => {
  it('a new account: every task at 0 and unclaimed, level 1, China time until the app reports its zone; visitors 201', async () => {
    const user = await server.registerUser();
    const b = await board(user);
    expect(b.daily.map((t) => t.key)).toEqual(['signIn', 'watch', 'barrage', 'comment', 'share']);
    expect(b.newbie.map((t) => t.key)).toEqual(['avatar', 'nickname', 'phone', 'firstPost', 'follow']);
    expect([...b.daily, ...b.newbie].every((t) => t.progress === 0 && !t.claimed)).toBe(true);
    expect(task(b, 'watch')).toMatchObject({ target: 600 });
    expect({ experience: b.experience, level: b.level, gold: b.gold, utcOffset: b.utcOffset }).toEqual({ experience: 0, level: 1, gold: 0, utcOffset: 480 });
    // Next midnight in China: 2030-01-16 00:00 CST = 2030-01-15 16:00 UTC.
    expect(b.resetsAt).toBe(Date.UTC(2030, 0, 15, 16));
    expect((await server.get(TasksCalls.board.path, {})).body.ret).toBe(Ret.SessionInvalid);
  });

  it('progress comes from what the server saw: sign-in, comment, barrage, share, follow, nickname, avatar, phone, a post', async () => {
    const user = await server.registerUser();
    expect((await server.post('/api/SignIn/SignIn', auth(user))).body.ret).toBe(Ret.Ok);
    await comment(user);
    expect((await server.get('/api/Video/AddBarrages', { ...auth(user), mediaKey: 'movie-01', episode: '1', time: '1.000', content: '前排' })).body.ret).toBe(Ret.Ok);
    expect((await server.get('/api/Video/Share', { ...auth(user), mediaKey: 'movie-01' })).body.ret).toBe(Ret.Ok);
    const up = await userIdOf(DEMO_UPLOADERS[0].userName);
    expect((await server.get('/api/Video/FocusUPMaster', { ...auth(user), userId: String(up) })).body.ret).toBe(Ret.Ok);
    expect((await server.post('/api/User/UpdateUserInfo', { ...auth(user), nickName: `新昵称${user.id}` })).body.ret).toBe(Ret.Ok);
    const b = await board(user);
    expect(Object.fromEntries([...b.daily, ...b.newbie].map((t) => [t.key, t.progress]))).toEqual({
      signIn: 1, watch: 0, barrage: 1, comment: 1, share: 1, avatar: 0, nickname: 1, phone: 0, firstPost: 0, follow: 1,
    });
    await server.db.query(`UPDATE users SET avatar = '/media/avatars/a.png', phone = '13800138000' WHERE id = $1`, [user.id]);
    const after = await board(user);
    expect([task(after, 'avatar')?.progress, task(after, 'phone')?.progress]).toEqual([1, 1]);
    // Another user's records count for nobody else.
    const other = await server.registerUser();
    expect([...(await board(other)).daily].every((t) => t.progress === 0)).toBe(true);
  });
});

describe('claiming (ReceiveTaskReward)', () => {
  it('an unfinished task cannot be claimed (6301); a finished one pays its experience and gold once (6302 after)', async () => {
    const user = await server.registerUser();
    expect((await claim(user, 'comment')).body).toEqual({ ret: TasksRet.NotFinished, msg: '任务尚未完成', data: null });
    await comment(user);
    const first = await claim(user, 'comment');
    expect(first.body).toMatchObject({ ret: Ret.Ok, msg: '领取成功', data: { key: 'comment', gainedExperience: 10, gainedGold: 5, experience: 10, level: 1, gold: 5 } });
    expect((await claim(user, 'comment')).body).toEqual({ ret: TasksRet.AlreadyClaimed, msg: '奖励已领取', data: null });
    await server.db.query('UPDATE users SET experience = 70 WHERE id = $1', [user.id]);
    const listed = await server.get<{ list: { uid: number; level: number }[] }>('/api/Video/CommentListsV2', { mediaKey: 'movie-01', page: '1', pageSize: '20' });
    expect(listed.body.data.list.find((c) => c.uid === user.id)?.level).toBe(3); // comments show their author's level
    expect(task(await board(user), 'comment')).toMatchObject({ progress: 1, claimed: true });
    const ledger = await server.db.query<{ amount: number; balance_after: number; note: string }>(`SELECT amount, balance_after, note FROM gold_ledger WHERE user_id = $1 AND reason = 'task'`, [user.id]);
    expect(ledger).toEqual([{ amount: 5, balance_after: 5, note: '任务奖励：发表一条评论' }]);
    expect((await claim(user, 'nope')).body.ret).toBe(Ret.BadParam);
    expect((await claim(user, '')).body.ret).toBe(Ret.MissingParam);
  });

  it('20 claims at once pay once: one 200, nineteen 6302, one ledger entry, experience added once', async () => {
    const user = await server.registerUser();
    await server.post('/api/SignIn/SignIn', auth(user));
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(user, 'signIn')));
    const rets = answers.map((a) => a.body.ret);
    expect(rets.filter((r) => r === Ret.Ok)).toHaveLength(1);
    expect(rets.filter((r) => r === TasksRet.AlreadyClaimed)).toHaveLength(19);
    expect(await ledgerTasks(user.id)).toBe(1);
    const b = await board(user);
    // 10 for the sign-in itself, 10 for the task; gold: the sign-in's 5 and the task's 5.
    expect({ experience: b.experience, gold: b.gold }).toEqual({ experience: 20, gold: 10 });
  });

  it('a one-time task is claimed once ever; a new-user task needs its own record', async () => {
    const user = await server.registerUser();
    expect((await claim(user, 'nickname')).body.ret).toBe(TasksRet.NotFinished);
    await server.post('/api/User/UpdateUserInfo', { ...auth(user), nickName: `昵称${user.id}` });
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(user, 'nickname')));
    expect(answers.filter((a) => a.body.ret === Ret.Ok)).toHaveLength(1);
    clock.advance(2 * DAY);
    expect((await claim(user, 'nickname')).body.ret).toBe(TasksRet.AlreadyClaimed);
  });
});

describe('days in the user\'s zone', () => {
  it('daily tasks start again at midnight where the user is (UTC−5 here), not at China\'s midnight', async () => {
    clock.advance(DAY - ((clock.now() - Date.UTC(2030, 0, 15, 4)) % DAY)); // back to 04:00 UTC on a later day
    const start = clock.now();
    const user = await server.registerUser();
    const china = await server.registerUser();
    expect((await board(user, -300)).utcOffset).toBe(-300);
    await comment(user);
    await comment(china);
    expect((await claim(user, 'comment')).body.ret).toBe(Ret.Ok);
    expect((await claim(china, 'comment', { utcOffset: '480' })).body.ret).toBe(Ret.Ok);
    clock.advance(30 * MINUTE); // 23:30 at UTC−5
    expect((await claim(user, 'comment')).body.ret).toBe(TasksRet.AlreadyClaimed);
    clock.advance(60 * MINUTE); // 00:30 the next day at UTC−5; still the afternoon in China
    const fresh = await board(user);
    expect(task(fresh, 'comment')).toMatchObject({ progress: 0, claimed: false });
    expect(fresh.resetsAt).toBe(start + DAY + 60 * MINUTE);
    expect((await claim(user, 'comment')).body.ret).toBe(TasksRet.NotFinished);
    await comment(user);
    expect((await claim(user, 'comment')).body.ret).toBe(Ret.Ok);
    expect(task(await board(china), 'comment')).toMatchObject({ progress: 1, claimed: true });
    expect((await claim(china, 'comment')).body.ret).toBe(TasksRet.AlreadyClaimed);
  });

  it('the zone is checked (quarter hours from −720 to 840) and a changed zone counts at most once a day', async () => {
    const user = await server.registerUser();
    for (const bad of ['900', '-721', '7', 'abc']) {
      expect((await server.get(TasksCalls.board.path, { ...auth(user), utcOffset: bad })).body.ret).toBe(Ret.BadParam);
    }
    expect((await server.get(TasksCalls.board.path, { ...auth(user), utcOffset: '7' })).body.msg).toBe('时区参数错误');
    expect((await board(user, 345)).utcOffset).toBe(345);
    expect((await board(user, -600)).utcOffset).toBe(345);
    clock.advance(DAY + MINUTE);
    expect((await board(user, -600)).utcOffset).toBe(-600);
    expect((await board(user)).utcOffset).toBe(-600);
  });
});

describe('watch time: AddPlayRecord (a GET) and UpdTask', () => {
  it('AddPlayRecord is a GET; each record credits the real time since the previous one, at most 30 s', async () => {
    const user = await server.registerUser();
    expect((await playRecord(user)).body.ret).toBe(Ret.Ok); // the first report credits nothing
    expect((await server.post('/api/video/AddPlayRecord', { ...auth(user), mediaKey: 'movie-02' })).body.ret).not.toBe(Ret.Ok);
    clock.advance(15_000);
    await playRecord(user);
    expect(task(await board(user), 'watch')?.progress).toBe(15);
    clock.advance(10 * MINUTE); // ten minutes away are not ten minutes watched
    await playRecord(user);
    expect(task(await board(user), 'watch')?.progress).toBe(45);
    clock.advance(10_000);
    await Promise.all(Array.from({ length: 20 }, () => playRecord(user)));
    expect(task(await board(user), 'watch')?.progress).toBe(55);
  });

  it('ten minutes of 15-second reports finish the watch task, which then pays once', async () => {
    const user = await server.registerUser();
    await playRecord(user);
    expect((await claim(user, 'watch')).body.ret).toBe(TasksRet.NotFinished);
    for (let i = 0; i < 40; i += 1) {
      clock.advance(15_000);
      await playRecord(user);
    }
    expect(task(await board(user), 'watch')).toMatchObject({ progress: 600, claimed: false });
    expect((await claim(user, 'watch')).body.data).toMatchObject({ gainedExperience: 15, gainedGold: 10 });
  });

  it('UpdTask watch credits no more than it claims nor than the time since the last report; share reads the Share records', async () => {
    const user = await server.registerUser();
    expect((await update(user, { task: 'watch', seconds: '60' })).body.data).toMatchObject({ key: 'watch', progress: 0 });
    clock.advance(5_000);
    expect((await update(user, { task: 'watch', seconds: '60' })).body.data).toMatchObject({ progress: 5 });
    clock.advance(20_000);
    expect((await update(user, { task: 'watch', seconds: '8' })).body.data).toMatchObject({ progress: 13 });
    // A share report alone counts nothing: the server counts the Share records.
    expect((await update(user, { task: 'share' })).body.data).toMatchObject({ key: 'share', progress: 0, target: 1, claimed: false });
    await server.get('/api/Video/Share', { ...auth(user), mediaKey: 'movie-03' });
    expect((await update(user, { task: 'share' })).body.data).toMatchObject({ progress: 1 });
  });

  it('UpdTask checks its parameters: task (1001/1002), seconds 0–60, the zone; signed in only', async () => {
    const user = await server.registerUser();
    expect((await update(user, {})).body.ret).toBe(Ret.MissingParam);
    expect((await update(user, { task: 'comment' })).body.ret).toBe(Ret.BadParam);
    expect((await update(user, { task: 'watch', seconds: '61' })).body.ret).toBe(Ret.BadParam);
    expect((await update(user, { task: 'watch', seconds: '-1' })).body.ret).toBe(Ret.BadParam);
    expect((await update(user, { task: 'watch', seconds: '1.5' })).body.ret).toBe(Ret.BadParam);
    expect((await update(user, { task: 'share', utcOffset: '841' })).body.ret).toBe(Ret.BadParam);
    expect((await server.get(TasksCalls.update.path, { task: 'share' })).body.ret).toBe(Ret.SessionInvalid);
  });
});
