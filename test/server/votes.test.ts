import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT, seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedMessaging } from '../../server/messaging/seed.ts';
import { seedPosts } from '../../server/posts/seed.ts';
import { DEMO_POLL, seedPolls } from '../../server/votes/seed.ts';
import { PollCalls, PollRet, type Poll, type PollPage } from '../../src/core/votes/votes-protocol.ts';
import { PollTexts } from '../../src/core/votes/votes-texts.ts';
import { DAY, FakeClock, MINUTE, TEST_ARGON2, get, post, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { useServerFixture, withTestDatabase } from './server-fixture.ts';

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  seed: async (db) => {
    await seedCatalogue(db, clock);
  },
});

const call = <T = unknown>(user: TestUser | null, path: string, fields: Record<string, string> = {}) =>
  server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields });

interface NewPoll {
  targetType?: string;
  targetId: string;
  question?: string;
  options?: unknown;
  multiple?: string;
  endTime?: number;
}

const create = (user: TestUser | null, poll: NewPoll) =>
  server.post<Poll | null>(PollCalls.create.path, {
    ...(user ? tokenParams(user.token) : {}),
    targetType: poll.targetType ?? 'post',
    targetId: poll.targetId,
    question: poll.question ?? '周末去哪儿玩？',
    options: JSON.stringify(poll.options ?? ['爬山', '看电影', '宅家']),
    multiple: poll.multiple ?? '0',
    endTime: String(poll.endTime ?? clock.now() + DAY),
  });
const detail = (user: TestUser | null, targetType: string, targetId: string) => call<Poll | null>(user, PollCalls.detail.path, { targetType, targetId });
const voteOn = (user: TestUser | null, voteId: number, optionIds: string) => call<Poll | null>(user, PollCalls.vote.path, { voteId: String(voteId), optionIds });
const mine = (user: TestUser, fields: Record<string, string> = {}) => call<PollPage>(user, PollCalls.mine.path, fields);
const end = (user: TestUser, voteId: number) => call<Poll | null>(user, PollCalls.end.path, { voteId: String(voteId) });
const remove = (user: TestUser, voteId: number) => call<true | null>(user, PollCalls.remove.path, { voteId: String(voteId) });

let uploads = 0;
/** A post of `user` (its upload row made by hand: the posts suite covers publishing). */
async function postOf(user: TestUser, contxt = '今天的动态'): Promise<string> {
  uploads += 1;
  const upload = await server.db.query<{ id: number }>(
    `INSERT INTO video_uploads (user_id, unique_file_name, original_name, file_size, chunks, duration, extension, completed_at, saved_at, created_at)
     VALUES ($1, $2, 'a.mp4', 1000, 1, 10, 'mp4', $3, $3, $3) RETURNING id`,
    [user.id, `votes-upload-${uploads}-${user.id}`, new Date(clock.now())],
  );
  const rows = await server.db.query<{ id: number }>('INSERT INTO posts (user_id, upload_id, contxt, created_at) VALUES ($1, $2, $3, $4) RETURNING id', [
    user.id,
    upload[0]!.id,
    contxt,
    new Date(clock.now()),
  ]);
  return String(rows[0]!.id);
}

/** A poll on a new post of `owner`. */
async function pollBy(owner: TestUser, poll: Omit<NewPoll, 'targetId'> = {}): Promise<Poll> {
  const { body } = await create(owner, { ...poll, targetId: await postOf(owner) });
  expect(body.ret).toBe(Ret.Ok);
  return body.data!;
}

describe('making a poll', () => {
  it('attaches a poll to one’s own post, with the options in order and no votes', async () => {
    const owner = await server.registerUser();
    const postId = await postOf(owner);
    const { body } = await create(owner, { targetId: postId, question: '  周末去哪儿玩？ ', options: [' 爬山 ', '看电影'], multiple: '1' });
    expect(body).toMatchObject({ ret: 200, msg: PollTexts.Created });
    expect(body.data).toMatchObject({
      targetType: 'post',
      targetId: postId,
      ownerUid: owner.id,
      question: '周末去哪儿玩？',
      multiple: true,
      endTime: clock.now() + DAY,
      ended: false,
      voters: 0,
      myChoice: [],
      options: [
        { id: 1, text: '爬山', count: 0 },
        { id: 2, text: '看电影', count: 0 },
      ],
    });
    // A visitor sees the poll, without its counts until the end.
    const seen = await detail(null, 'post', postId);
    expect(seen.body.data).toMatchObject({ id: body.data!.id, voters: null, options: [{ id: 1, text: '爬山', count: null }, { id: 2, text: '看电影', count: null }] });
  });

  it('attaches one to a video its uploader owns, never to another’s video or post', async () => {
    const uploader = await server.registerUser();
    const other = await server.registerUser();
    await server.db.query("UPDATE videos SET uploader_uid = $1 WHERE media_key = 'movie-03'", [uploader.id]);
    expect((await create(other, { targetType: 'video', targetId: 'movie-03' })).body).toMatchObject({ ret: PollRet.NotOwner, msg: PollTexts.TargetNotOwned });
    expect((await create(other, { targetType: 'video', targetId: 'movie-04' })).body.ret).toBe(PollRet.NotOwner);
    expect((await create(other, { targetId: await postOf(uploader) })).body.ret).toBe(PollRet.NotOwner);
    const made = await create(uploader, { targetType: 'video', targetId: 'movie-03' });
    expect(made.body.data).toMatchObject({ targetType: 'video', targetId: 'movie-03' });
    expect((await detail(other, 'video', 'movie-03')).body.data?.id).toBe(made.body.data!.id);
    expect((await detail(other, 'video', 'movie-04')).body).toMatchObject({ ret: 200, data: null });
  });

  it('refuses a visitor, an unknown target and a second poll on the same post (also in parallel)', async () => {
    const owner = await server.registerUser();
    const postId = await postOf(owner);
    expect((await create(null, { targetId: postId })).body.ret).toBe(Ret.SessionInvalid);
    expect((await create(owner, { targetId: '99999999' })).body).toMatchObject({ ret: PollRet.TargetNotFound, msg: PollTexts.TargetNotFound });
    expect((await create(owner, { targetType: 'video', targetId: 'no-such-video' })).body.ret).toBe(PollRet.TargetNotFound);
    expect((await create(owner, { targetType: 'album', targetId: postId })).body.ret).toBe(Ret.BadParam);
    const results = await Promise.all(Array.from({ length: 10 }, () => create(owner, { targetId: postId })));
    expect(results.filter((r) => r.body.ret === Ret.Ok)).toHaveLength(1);
    expect(results.filter((r) => r.body.ret === PollRet.TargetHasPoll).map((r) => r.body.msg)).toEqual(Array(9).fill(PollTexts.TargetHasPoll));
    expect((await server.db.query('SELECT id FROM polls WHERE post_id = $1', [Number(postId)])).length).toBe(1);
  });

  it('checks the question, the option count, lengths and duplicates, and the end time', async () => {
    const owner = await server.registerUser();
    const postId = await postOf(owner);
    const refusal = async (poll: Omit<NewPoll, 'targetId'>) => {
      const { body } = await create(owner, { ...poll, targetId: postId });
      expect(body.ret).toBe(Ret.BadParam);
      return body.msg;
    };
    expect(await refusal({ question: '   ' })).toBe('参数格式错误：question');
    expect(await refusal({ question: '问'.repeat(41) })).toBe(PollTexts.QuestionTooLong);
    expect(await refusal({ options: ['只有一个'] })).toBe(PollTexts.OptionCount);
    expect(await refusal({ options: Array.from({ length: 11 }, (_, i) => `选项${i}`) })).toBe(PollTexts.OptionCount);
    expect(await refusal({ options: ['好', '  '] })).toBe(PollTexts.OptionLength);
    expect(await refusal({ options: ['好', '长'.repeat(21)] })).toBe(PollTexts.OptionLength);
    expect(await refusal({ options: ['好', ' 好'] })).toBe(PollTexts.OptionDuplicate);
    expect(await refusal({ options: '爬山' })).toBe('参数格式错误：options');
    expect(await refusal({ options: ['好', 3] })).toBe('参数格式错误：options');
    expect(await refusal({ endTime: clock.now() })).toBe(PollTexts.EndInPast);
    expect(await refusal({ endTime: clock.now() - MINUTE })).toBe(PollTexts.EndInPast);
    expect(await refusal({ endTime: clock.now() + 30 * DAY + 1 })).toBe(PollTexts.EndTooFar);
    // The limits themselves are fine: 10 options of 20 characters, 30 days.
    const { body } = await create(owner, { targetId: postId, options: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(20, '选')), endTime: clock.now() + 30 * DAY });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data?.options).toHaveLength(10);
  });
});

describe('voting', () => {
  it('counts one vote per user even under 20 parallel VoteLike calls', async () => {
    const owner = await server.registerUser();
    const voter = await server.registerUser();
    const poll = await pollBy(owner);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => voteOn(voter, poll.id, String((i % 3) + 1))));
    const accepted = results.filter((r) => r.body.ret === Ret.Ok);
    expect(accepted).toHaveLength(1);
    expect(results.filter((r) => r.body.ret === PollRet.AlreadyVoted).every((r) => r.body.msg === PollTexts.AlreadyVoted)).toBe(true);
    expect(results.filter((r) => r.body.ret === PollRet.AlreadyVoted)).toHaveLength(19);
    expect((await server.db.query('SELECT 1 FROM poll_ballots WHERE poll_id = $1', [poll.id])).length).toBe(1);
    const voted = accepted[0]!.body.data!;
    expect(voted.voters).toBe(1);
    expect(voted.options.map((o) => o.count).reduce((a, b) => a! + b!, 0)).toBe(1);
    // A second tap later is refused the same way and changes nothing.
    expect((await voteOn(voter, poll.id, '1')).body).toMatchObject({ ret: PollRet.AlreadyVoted, msg: '已投过票' });
    expect((await detail(voter, 'post', poll.targetId)).body.data).toMatchObject({ voters: 1, myChoice: voted.myChoice });
  });

  it('shows results with the caller’s choice once voted, to the owner, and to everyone after the end', async () => {
    const owner = await server.registerUser();
    const [a, b, c, late] = await Promise.all([server.registerUser(), server.registerUser(), server.registerUser(), server.registerUser()]);
    const poll = await pollBy(owner, { options: ['红', '绿', '蓝'] });
    expect((await voteOn(a, poll.id, '1')).body.data).toMatchObject({ voters: 1, myChoice: [1], options: [{ count: 1 }, { count: 0 }, { count: 0 }] });
    await voteOn(b, poll.id, '1');
    const third = await voteOn(c, poll.id, '3');
    expect(third.body).toMatchObject({ ret: 200, msg: PollTexts.Voted });
    expect(third.body.data).toMatchObject({ voters: 3, myChoice: [3], options: [{ id: 1, count: 2 }, { id: 2, count: 0 }, { id: 3, count: 1 }] });
    // Not voted yet: no counts; the owner sees them.
    expect((await detail(late, 'post', poll.targetId)).body.data).toMatchObject({ voters: null, myChoice: [], options: [{ count: null }, { count: null }, { count: null }] });
    expect((await detail(owner, 'post', poll.targetId)).body.data).toMatchObject({ voters: 3, options: [{ count: 2 }, { count: 0 }, { count: 1 }] });
  });

  it('takes several options in a 多选 poll, one only in a single-choice one, and only existing options', async () => {
    const owner = await server.registerUser();
    const voter = await server.registerUser();
    const single = await pollBy(owner);
    expect((await voteOn(voter, single.id, '1,2')).body).toMatchObject({ ret: Ret.BadParam, msg: PollTexts.SingleChoice });
    expect((await voteOn(voter, single.id, '4')).body).toMatchObject({ ret: Ret.BadParam, msg: PollTexts.ChoiceInvalid });
    expect((await voteOn(voter, single.id, 'x')).body).toMatchObject({ ret: Ret.BadParam, msg: PollTexts.ChoiceInvalid });
    expect((await voteOn(voter, single.id, '0')).body.ret).toBe(Ret.BadParam);
    expect((await voteOn(voter, 99_999_999, '1')).body).toMatchObject({ ret: PollRet.NotFound, msg: PollTexts.NotFound });
    expect((await voteOn(null, single.id, '1')).body.ret).toBe(Ret.SessionInvalid);
    const multiple = await pollBy(owner, { multiple: '1' });
    expect((await voteOn(voter, multiple.id, '3,1')).body.data).toMatchObject({ voters: 1, myChoice: [1, 3], options: [{ count: 1 }, { count: 0 }, { count: 1 }] });
  });

  it('refuses a vote after the end time (the clock moved past it) and then shows everyone the results', async () => {
    const owner = await server.registerUser();
    const [early, late] = await Promise.all([server.registerUser(), server.registerUser()]);
    const poll = await pollBy(owner, { endTime: clock.now() + 10 * MINUTE });
    await voteOn(early, poll.id, '2');
    clock.advance(10 * MINUTE);
    expect((await voteOn(late, poll.id, '1')).body).toMatchObject({ ret: PollRet.Ended, msg: PollTexts.Ended });
    expect((await detail(late, 'post', poll.targetId)).body.data).toMatchObject({ ended: true, voters: 1, myChoice: [], options: [{ count: 0 }, { count: 1 }, { count: 0 }] });
    expect((await detail(null, 'post', poll.targetId)).body.data?.voters).toBe(1);
  });
});

describe('managing one’s polls', () => {
  it('lists the caller’s polls newest first with where they are attached, total votes and state', async () => {
    const owner = await server.registerUser();
    const voter = await server.registerUser();
    await server.db.query("UPDATE videos SET uploader_uid = $1 WHERE media_key = 'movie-05'", [owner.id]);
    const onVideo = (await create(owner, { targetType: 'video', targetId: 'movie-05', question: '好看吗？', options: ['好看', '一般'] })).body.data!;
    clock.advance(MINUTE);
    const onPost = await create(owner, { targetId: await postOf(owner, '周末的vlog'), endTime: clock.now() + 3 * DAY });
    await voteOn(voter, onPost.body.data!.id, '1');
    await end(owner, onVideo.id);
    const { body } = await mine(owner);
    const title = (await server.db.query<{ title: string }>("SELECT title FROM videos WHERE media_key = 'movie-05'"))[0]!.title;
    expect(body.data).toMatchObject({ page: 1, total: 2 });
    expect(body.data.list).toEqual([
      expect.objectContaining({ id: onPost.body.data!.id, targetType: 'post', targetTitle: '周末的vlog', question: '周末去哪儿玩？', voters: 1, ended: false, endTime: clock.now() + 3 * DAY }),
      expect.objectContaining({ id: onVideo.id, targetType: 'video', targetId: 'movie-05', targetTitle: title, voters: 0, ended: true, endTime: clock.now() }),
    ]);
    expect((await mine(voter)).body.data).toMatchObject({ list: [], total: 0 });
    expect((await mine(owner, { pageSize: '51' })).body.ret).toBe(Ret.BadParam);
  });

  it('lets only the owner end a poll early (voting is refused after) or delete it', async () => {
    const owner = await server.registerUser();
    const other = await server.registerUser();
    const poll = await pollBy(owner);
    expect((await end(other, poll.id)).body).toMatchObject({ ret: PollRet.NotOwner, msg: PollTexts.NotOwner });
    expect((await remove(other, poll.id)).body).toMatchObject({ ret: PollRet.NotOwner, msg: PollTexts.NotOwner });
    expect((await voteOn(other, poll.id, '1')).body.ret).toBe(Ret.Ok);
    const ended = await end(owner, poll.id);
    expect(ended.body).toMatchObject({ ret: 200, msg: PollTexts.EndedNow, data: { ended: true, endTime: clock.now(), voters: 1 } });
    const voter = await server.registerUser();
    expect((await voteOn(voter, poll.id, '1')).body.ret).toBe(PollRet.Ended);
    // Ending again answers it as it is.
    expect((await end(owner, poll.id)).body.data).toMatchObject({ ended: true, endTime: clock.now() });
    expect((await remove(owner, poll.id)).body).toMatchObject({ ret: 200, msg: PollTexts.Deleted, data: true });
    expect((await detail(other, 'post', poll.targetId)).body.data).toBeNull();
    expect((await remove(owner, poll.id)).body.ret).toBe(PollRet.NotFound);
    expect((await end(owner, poll.id)).body.ret).toBe(PollRet.NotFound);
    expect((await server.db.query('SELECT 1 FROM poll_ballots WHERE poll_id = $1', [poll.id])).length).toBe(0);
    // The post can carry a new poll now.
    expect((await create(owner, { targetId: poll.targetId })).body.ret).toBe(Ret.Ok);
  });

  it('deletes a post’s poll with the post', async () => {
    const owner = await server.registerUser();
    const poll = await pollBy(owner);
    await server.db.query('DELETE FROM posts WHERE id = $1', [Number(poll.targetId)]);
    expect((await voteOn(owner, poll.id, '1')).body.ret).toBe(PollRet.NotFound);
    expect((await mine(owner)).body.data.total).toBe(0);
  });
});

describe('the demo poll', () => {
  it('is seeded once on demo2’s tea post, with demo’s vote, and demo2 manages it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'qiyu-votes-'));
    const demoClock = new FakeClock();
    const passwords = new PasswordHasher(TEST_ARGON2);
    try {
      await withTestDatabase(async (demoDb) => {
        await seed(demoDb, { passwords, clock: demoClock });
        await seedMessaging(demoDb, { passwords, clock: demoClock });
        await seedPolls(demoDb, demoClock);
        // Nothing before the demo posts exist.
        expect(await demoDb.query('SELECT id FROM polls')).toHaveLength(0);
        await seedPosts(demoDb, { uploadDir: join(root, 'uploads'), clock: demoClock });
        await seedPolls(demoDb, demoClock);
        await seedPolls(demoDb, demoClock);
        const demoApp = await server.startApp({ db: demoDb, config: { dataDir: root }, clock: demoClock });
        try {
          const logIn = async (userName: string) => (await post<{ token: TestUser['token'] }>(demoApp, '/api/Login/Login', { userName, password: 'demo123456' })).body.data;
          const demo2 = await logIn(DEMO2_ACCOUNT.userName);
          const demo = await logIn(DEMO_ACCOUNT.userName);
          const list = (await get<PollPage>(demoApp, PollCalls.mine.path, tokenParams(demo2.token))).body.data;
          expect(list.list).toEqual([expect.objectContaining({ question: DEMO_POLL.question, targetTitle: DEMO_POLL.postText, voters: 1, ended: false, endTime: demoClock.now() + 7 * DAY })]);
          const seen = await get<Poll>(demoApp, PollCalls.detail.path, { ...tokenParams(demo.token), targetType: 'post', targetId: list.list[0]!.targetId });
          expect(seen.body.data).toMatchObject({ myChoice: [DEMO_POLL.demoChoice], voters: 1, options: DEMO_POLL.options.map((text) => ({ text })) });
        } finally {
          await demoApp.close();
        }
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
