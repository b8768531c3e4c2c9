import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AdminExit, runAdmin } from '../../server/admin/admin.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { createPgliteDatabase, type PgliteDatabase } from '../../server/db/pglite-database.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT } from '../../server/db/seed.ts';
import { insertRequest, joinRequest, setRequestState } from '../../server/movie-requests/movie-request-repository.ts';
import { seedMovieRequests } from '../../server/movie-requests/seed.ts';
import {
  MovieRequestCalls,
  MovieRequestRet,
  type MovieRequestPage,
  type SeekOutcome,
  type WantCounted,
} from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { MovieRequestLimits, MovieRequestTexts } from '../../src/core/movie-requests/movie-requests-texts.ts';
import { DAY, FakeClock, createMigratedPglite, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
  },
});

let titles = 0;
/** A title nobody asked for yet. */
const freshTitle = () => `测试影片${++titles}号`;

const file = (user: TestUser | null, fields: Record<string, string>) =>
  server.post<SeekOutcome>(MovieRequestCalls.file.path, { ...(user ? tokenParams(user.token) : {}), kind: 'movie', ...fields });
const want = (user: TestUser | null, id: number | string) => server.get<WantCounted>(MovieRequestCalls.want.path, { ...(user ? tokenParams(user.token) : {}), id: String(id) });
const mine = (user: TestUser, fields: Record<string, string> = {}) => server.get<MovieRequestPage>(MovieRequestCalls.mine.path, { ...tokenParams(user.token), ...fields });
const hot = (user: TestUser | null, fields: Record<string, string> = {}) =>
  server.get<MovieRequestPage>(MovieRequestCalls.hot.path, { ...(user ? tokenParams(user.token) : {}), pageSize: '50', ...fields });

async function filed(user: TestUser, fields: Record<string, string>): Promise<number> {
  const { body } = await file(user, fields);
  expect(body.ret).toBe(200);
  if (body.data.outcome === 'exists') throw new Error('expected a request');
  return body.data.request.id;
}

describe('filing a request', () => {
  it('files a new request with its year, type and note; it is the filer’s, wanted by them, 待处理, count 1', async () => {
    const user = await server.registerUser();
    const title = freshTitle();
    const { body } = await file(user, { title: `  ${title} `, year: '2019', kind: 'drama', note: ' 求高清 ' });
    expect(body).toMatchObject({ ret: 200, msg: MovieRequestTexts.Filed, data: { outcome: 'filed' } });
    if (body.data.outcome === 'exists') throw new Error('unexpected');
    expect(body.data.request).toEqual({
      id: expect.any(Number) as number,
      title,
      year: 2019,
      kind: 'drama',
      note: '求高清',
      state: 'pending',
      video: null,
      wants: 1,
      wanted: true,
      mine: true,
      time: clock.now(),
    });
    const { body: list } = await mine(user);
    expect(list.data.list.map((r) => r.title)).toEqual([title]);
    expect(list.data.total).toBe(1);
  });

  it('validates every field: title required and at most 30 characters, year 1900-2100, type one of the list, note at most 100', async () => {
    const user = await server.registerUser();
    expect((await file(user, {})).body.ret).toBe(1001);
    expect((await file(user, { title: '   ' })).body.ret).toBe(1002);
    expect((await file(user, { title: '《》 ！' })).body).toMatchObject({ ret: MovieRequestRet.TitleInvalid, msg: MovieRequestTexts.TitleInvalid });
    expect((await file(user, { title: '长'.repeat(MovieRequestLimits.maxTitle + 1) })).body).toMatchObject({ ret: 1002, msg: MovieRequestTexts.TitleLong });
    expect((await file(user, { title: freshTitle(), year: '1899' })).body).toMatchObject({ ret: 1002, msg: MovieRequestTexts.YearInvalid });
    expect((await file(user, { title: freshTitle(), year: '二〇一九' })).body.ret).toBe(1002);
    expect((await file(user, { title: freshTitle(), kind: 'porn' })).body).toMatchObject({ ret: 1002, msg: MovieRequestTexts.KindInvalid });
    expect((await file(user, { title: freshTitle(), kind: '' })).body.ret).toBe(1001);
    expect((await file(user, { title: freshTitle(), note: '字'.repeat(MovieRequestLimits.maxNote + 1) })).body).toMatchObject({ ret: 1002, msg: MovieRequestTexts.NoteLong });
    expect((await file(null, { title: freshTitle() })).body.ret).toBe(201);
    // An empty year is none.
    const { body } = await file(user, { title: freshTitle(), year: '' });
    expect(body.data.outcome === 'filed' && body.data.request.year).toBe(0);
  });

  it('points at the catalogue when it has the title (any width, case or punctuation), filing nothing', async () => {
    const user = await server.registerUser();
    const { body } = await file(user, { title: '《 南城 旧事 》', year: '2021' });
    expect(body).toEqual({ ret: 200, msg: MovieRequestTexts.Exists, data: { outcome: 'exists', video: { mediaKey: 'movie-03', title: '南城旧事' } } });
    expect((await file(user, { title: '南城旧事' })).body.data.outcome).toBe('exists');
    // Another year is another film.
    expect((await file(user, { title: '南城旧事', year: '1990' })).body.data.outcome).toBe('filed');
    expect((await mine(user)).body.data.total).toBe(1);
  });

  it('merges the same title and year (spacing, case, full width, punctuation) into the open request as a +1', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const id = await filed(a, { title: 'The Long Night 2', year: '2020' });
    const { body } = await file(b, { title: ' ｔｈｅ  long-night：２ ', year: '2020', kind: 'anime' });
    expect(body).toMatchObject({ ret: 200, msg: MovieRequestTexts.Merged, data: { outcome: 'merged', request: { id, title: 'The Long Night 2', wants: 2, wanted: true, mine: false } } });
    // Another year is not the same request.
    expect((await file(b, { title: 'The Long Night 2', year: '2021' })).body.data.outcome).toBe('filed');
    // The filer, or one who joined, filing it again is told so and counted once.
    expect((await file(a, { title: 'the long night 2', year: '2020' })).body).toMatchObject({ ret: MovieRequestRet.AlreadyWanted, msg: MovieRequestTexts.AlreadyWanted });
    expect((await file(b, { title: 'THE LONG NIGHT 2', year: '2020' })).body.ret).toBe(MovieRequestRet.AlreadyWanted);
    const { body: bList } = await mine(b);
    expect(bList.data.list.map((r) => [r.title, r.year, r.mine])).toEqual([
      ['The Long Night 2', 2021, true],
      ['The Long Night 2', 2020, false],
    ]);
  });

  it('holds the day’s allowance of new requests even when they race; joining one does not use it; the next day has its own', async () => {
    const user = await server.registerUser();
    const answers = await Promise.all(Array.from({ length: 12 }, () => file(user, { title: freshTitle() })));
    expect(answers.filter((a) => a.body.ret === 200)).toHaveLength(MovieRequestLimits.perDay);
    for (const refused of answers.filter((a) => a.body.ret !== 200)) expect(refused.body).toMatchObject({ ret: MovieRequestRet.DayLimit, msg: MovieRequestTexts.DayLimit });
    const other = await server.registerUser();
    const id = await filed(other, { title: freshTitle() });
    const otherTitle = (await mine(other)).body.data.list[0]?.title ?? '';
    expect((await file(user, { title: otherTitle })).body.data).toMatchObject({ outcome: 'merged', request: { id } });
    clock.advance(DAY);
    expect((await file(user, { title: freshTitle() })).body.ret).toBe(200);
  });

  it('the same new title filed by many users at once is one request wanted by all of them', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => server.registerUser()));
    const title = freshTitle();
    const answers = await Promise.all(users.map((user) => file(user, { title })));
    expect(answers.map((a) => a.body.ret)).toEqual(users.map(() => 200));
    expect(answers.filter((a) => a.body.data.outcome === 'filed')).toHaveLength(1);
    const rows = await server.db.query<{ wants: number }>('SELECT wants FROM movie_requests WHERE title = $1', [title]);
    expect(rows).toEqual([{ wants: 8 }]);
  });
});

describe('同求 and the lists', () => {
  it('a second counts once per user even when tapped 15 times at once; the filer and a second time are 8242', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    const id = await filed(a, { title: freshTitle() });
    const answers = await Promise.all(Array.from({ length: 15 }, () => want(b, id)));
    expect(answers.filter((x) => x.body.ret === 200).map((x) => x.body.data)).toEqual([{ id, wants: 2, wanted: true }]);
    expect(answers.filter((x) => x.body.ret === MovieRequestRet.AlreadyWanted)).toHaveLength(14);
    expect((await want(a, id)).body).toMatchObject({ ret: MovieRequestRet.AlreadyWanted, msg: MovieRequestTexts.AlreadyWanted });
    const [row] = await server.db.query<{ wants: number; n: number }>('SELECT wants, (SELECT count(*)::int FROM movie_request_wants WHERE request_id = $1) AS n FROM movie_requests WHERE id = $1', [id]);
    expect(row).toEqual({ wants: 2, n: 2 });
  });

  it('refuses an unknown id (8241), a malformed one (1002), a handled request (8241) and a visitor (201)', async () => {
    const a = await server.registerUser();
    const b = await server.registerUser();
    expect((await want(b, 99_999_999)).body).toMatchObject({ ret: MovieRequestRet.NotFound, msg: MovieRequestTexts.NotFound });
    expect((await want(b, 'abc')).body.ret).toBe(1002);
    expect((await want(b, '0')).body.ret).toBe(1002);
    const id = await filed(a, { title: freshTitle() });
    expect((await want(null, id)).body.ret).toBe(201);
    await setRequestState(server.db, id, 'unavailable');
    expect((await want(b, id)).body.ret).toBe(MovieRequestRet.NotFound);
  });

  it('热门求片 lists the open requests most wanted first, with whether the caller wants each; a visitor may look', async () => {
    const [a, b, c] = await Promise.all([server.registerUser(), server.registerUser(), server.registerUser()]);
    const low = await filed(a, { title: freshTitle() });
    const high = await filed(a, { title: freshTitle() });
    await want(b, high);
    await want(c, high);
    const closed = await filed(a, { title: freshTitle() });
    await setRequestState(server.db, closed, 'unavailable');
    const { body } = await hot(b);
    const ids = body.data.list.map((r) => r.id);
    expect(ids.indexOf(high)).toBeLessThan(ids.indexOf(low));
    expect(ids).not.toContain(closed);
    expect(body.data.list.find((r) => r.id === high)).toMatchObject({ wants: 3, wanted: true, mine: false });
    expect(body.data.list.find((r) => r.id === low)).toMatchObject({ wants: 1, wanted: false });
    const wants = body.data.list.map((r) => r.wants);
    expect(wants).toEqual([...wants].sort((x, y) => y - x));
    const visitor = await hot(null);
    expect(visitor.body.ret).toBe(200);
    expect(visitor.body.data.list.every((r) => !r.wanted && !r.mine)).toBe(true);
    expect((await hot(null, { pageSize: '51' })).body).toMatchObject({ ret: 1002, msg: '每页数量为1-50' });
    expect((await server.get(MovieRequestCalls.mine.path)).body.ret).toBe(201);
  });

  it('the operator’s 已上线 links the video in the filer’s list; 暂无片源 shows as such; an open title can then be filed again', async () => {
    const a = await server.registerUser();
    const title = freshTitle();
    const online = await filed(a, { title });
    const none = await filed(a, { title: freshTitle() });
    expect(await setRequestState(server.db, online, 'online', 'movie-05')).toBe(true);
    await setRequestState(server.db, none, 'unavailable');
    await expect(setRequestState(server.db, none, 'online', 'no-such-video')).rejects.toThrow();
    const { body } = await mine(a);
    expect(body.data.list.find((r) => r.id === online)).toMatchObject({ state: 'online', video: { mediaKey: 'movie-05', title: '雾都疑案' } });
    expect(body.data.list.find((r) => r.id === none)).toMatchObject({ state: 'unavailable', video: null });
    const b = await server.registerUser();
    expect((await file(b, { title })).body.data.outcome).toBe('filed');
  });

  it('pages my list and refuses a page size beyond 50', async () => {
    const user = await server.registerUser();
    for (let i = 0; i < 3; i++) await filed(user, { title: freshTitle() });
    const first = await mine(user, { page: '1', pageSize: '2' });
    const second = await mine(user, { page: '2', pageSize: '2' });
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.body.data.list).toHaveLength(2);
    expect(second.body.data.list).toHaveLength(1);
    expect((await mine(user, { pageSize: '51' })).body.ret).toBe(1002);
  });
});

describe('the demo requests', () => {
  it('seeds one 已上线 linked to a demo video, one 暂无片源 and open ones, once', async () => {
    await server.registerUser({ userName: DEMO_ACCOUNT.userName });
    const demo2 = await server.registerUser({ userName: DEMO2_ACCOUNT.userName });
    await seedMovieRequests(server.db, clock);
    await seedMovieRequests(server.db, clock);
    const { body } = await mine(demo2);
    const byTitle = new Map(body.data.list.map((r) => [r.title, r]));
    expect(byTitle.get('南城旧事')).toMatchObject({ state: 'online', video: { mediaKey: 'movie-03' }, wants: 2, mine: true });
    expect(byTitle.get('风起长安')).toMatchObject({ state: 'pending', wants: 1 });
    const rows = await server.db.query<{ title: string; state: string }>(`SELECT title, state FROM movie_requests WHERE title IN ('南城旧事', '深海来信', '风起长安', '月光小镇') AND year <> 1990 ORDER BY id`);
    expect(rows).toEqual([
      { title: '南城旧事', state: 'online' },
      { title: '深海来信', state: 'unavailable' },
      { title: '风起长安', state: 'pending' },
      { title: '月光小镇', state: 'pending' },
    ]);
  });
});

describe('the operator’s command (npm run admin -- requests …)', () => {
  it('lists the open requests and sets one 已上线 with its video or 暂无片源; refuses a missing video, id or state', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'qiyu-requests-admin-'));
    try {
      const template = await createMigratedPglite();
      await seedCatalogue(template, clock);
      const dump = await (template as PgliteDatabase).dumpDataDir();
      await template.close();
      const dataDir = join(folder, 'data');
      const data = await createPgliteDatabase({ dataDir, loadDataDir: dump });
      const [user] = await data.query<{ id: number }>(`INSERT INTO users (user_name, password_hash, nick_name) VALUES ('operator_test', '!', '运营测试') RETURNING id`);
      const fileOn = async (title: string) => {
        const at = new Date(clock.now());
        const id = (await insertRequest(data, { userId: user!.id, title, year: 0, kind: 'movie', note: '', at }))!;
        await joinRequest(data, id, user!.id, at);
        return id;
      };
      const [wanted, none] = [await fileOn('运营上线'), await fileOn('运营无源')];
      await data.close();

      const run = async (args: string[]) => {
        const out: string[] = [];
        const err: string[] = [];
        const code = await runAdmin(args, { dataDir, databaseUrl: undefined }, { out: (line) => out.push(line), err: (line) => err.push(line) }, clock);
        return { code, out: out.join('\n'), err: err.join('\n') };
      };
      const listed = await run(['requests', 'list']);
      expect(listed).toMatchObject({ code: AdminExit.Ok, err: '' });
      expect(listed.out).toContain(`${wanted}\t运营上线\t-\t1人想看`);
      expect(await run(['requests', 'set', '--id', String(wanted), '--state', 'online', '--video', 'movie-01'])).toMatchObject({ code: AdminExit.Ok, out: `求片 ${wanted}：已上线` });
      expect(await run(['requests', 'set', '--id', String(none), '--state', 'unavailable'])).toMatchObject({ code: AdminExit.Ok, out: `求片 ${none}：暂无片源` });
      expect((await run(['requests', 'set', '--id', String(none), '--state', 'online'])).code).toBe(AdminExit.Usage);
      expect((await run(['requests', 'set', '--id', String(none), '--state', 'done'])).code).toBe(AdminExit.Usage);
      expect((await run(['requests', 'set', '--state', 'pending'])).err).toContain('缺少 --id');
      expect(await run(['requests', 'set', '--id', String(none), '--state', 'online', '--video', 'no-such'])).toMatchObject({ code: AdminExit.Failed, err: '失败：视频不存在：no-such' });

      const reopened = await createPgliteDatabase({ dataDir });
      const rows = await reopened.query<{ id: number; state: string; media_key: string | null }>('SELECT id, state, media_key FROM movie_requests ORDER BY id');
      await reopened.close();
      expect(rows).toEqual([
        { id: wanted, state: 'online', media_key: 'movie-01' },
        { id: none, state: 'unavailable', media_key: null },
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    // Each run opens the data folder as the command does (PGlite starts and migrates): seconds each on a busy machine.
  }, 240_000);
});
