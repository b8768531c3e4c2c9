import { expect, it } from 'vitest';
import { installFakeVotesApi } from '../../adapters/http/fake-votes-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { PollCalls, PollRet, type Poll, type PollPage } from '../../src/core/votes/votes-protocol.ts';
import { PollTexts } from '../../src/core/votes/votes-texts.ts';
import { DAY, registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Polls' calls (src/core/votes/votes-protocol.ts) as the app sends them, answered by the fake the app's tests use
 * (adapters/http/fake-votes-api.ts) and by the reference server (in process, on its test database): both must answer
 * alike, so the fake cannot drift from the server.
 */
interface VotesWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  /** A new user. */
  user(): Promise<Caller>;
  /** A new post of `owner`: its id. */
  postOf(owner: Caller): Promise<string>;
  /** A video `owner` uploaded: its media key. */
  videoOf(owner: Caller): Promise<string>;
  now(): number;
  /** Moves the clock on. */
  advance(ms: number): void;
}

type Caller = Record<string, string> & { uid: string };

const QUESTION = '周末去哪儿玩？';

protocolContract<VotesWorld>('votes protocol', {
  fake: ({ http, send, clock }) => {
    let nextUid = 1;
    let nextPost = 1;
    const state = installFakeVotesApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null), now: () => clock.now() });
    return {
      async user() {
        const uid = String(nextUid++);
        return { login_uid: uid, uid };
      },
      async postOf(owner) {
        const id = String(nextPost++);
        state.targets.post.set(id, { ownerUid: Number(owner.uid), title: '我的动态' });
        return id;
      },
      async videoOf(owner) {
        const key = `video-${owner.uid}`;
        state.targets.video.set(key, { ownerUid: Number(owner.uid), title: '视频' });
        return key;
      },
      now: () => clock.now(),
      advance: (ms) => clock.advance(ms),
      send: (declared, input, caller) => send(declared, input, caller ? { login_uid: caller.login_uid ?? '' } : {}),
    };
  },
  server: {
    seed: seedCatalogue,
    world: async ({ app, db, clock, send }) => {
      const videos = (await db.query<{ media_key: string }>('SELECT media_key FROM videos ORDER BY id LIMIT 20')).map((row) => row.media_key);
      let uploads = 0;
      return {
        async user() {
          const user = await registerUser(app);
          return { ...tokenParams(user.token), uid: String(user.id) };
        },
        async postOf(owner) {
          uploads += 1;
          const at = new Date(clock.now());
          const upload = await db.query<{ id: number }>(
            `INSERT INTO video_uploads (user_id, unique_file_name, original_name, file_size, chunks, duration, created_at)
             VALUES ($1, $2, 'a.mp4', 1000, 1, 10, $3) RETURNING id`,
            [Number(owner.uid), `contract-poll-${uploads}`, at],
          );
          const rows = await db.query<{ id: number }>("INSERT INTO posts (user_id, upload_id, contxt, created_at) VALUES ($1, $2, '我的动态', $3) RETURNING id", [Number(owner.uid), upload[0]!.id, at]);
          return String(rows[0]!.id);
        },
        async videoOf(owner) {
          const key = videos.shift()!;
          await db.query('UPDATE videos SET uploader_uid = $1 WHERE media_key = $2', [Number(owner.uid), key]);
          return key;
        },
        now: () => clock.now(),
        advance: (ms) => clock.advance(ms),
        send: (declared, input, caller) => {
          const { uid: _uid, ...token } = caller ?? { uid: '' };
          return send(declared, input, token);
        },
      };
    },
  },
}, (world) => {
  const create = (owner: Caller | null, targetId: string, more: Partial<ParamsOf<typeof PollCalls.create.params>> = {}) =>
    world.send(PollCalls.create, { targetType: 'post', targetId, question: QUESTION, options: ['爬山', '看电影'], multiple: 0, endTime: world.now() + DAY, ...more }, owner);

  it('CreateVote attaches a poll to the caller’s own post or video, once; others, visitors and bad polls are refused', async () => {
    const owner = await world.user();
    const other = await world.user();
    const postId = await world.postOf(owner);
    expect((await create(null, postId)).ret).toBe(201);
    expect(await create(other, postId)).toMatchObject({ ret: PollRet.NotOwner, msg: PollTexts.TargetNotOwned });
    expect(await create(owner, '99999999')).toMatchObject({ ret: PollRet.TargetNotFound, msg: PollTexts.TargetNotFound });
    expect(await create(owner, postId, { options: ['只有一个'] })).toMatchObject({ ret: 1002, msg: PollTexts.OptionCount });
    expect(await create(owner, postId, { options: ['好', '好'] })).toMatchObject({ ret: 1002, msg: PollTexts.OptionDuplicate });
    expect(await create(owner, postId, { options: ['好', '长'.repeat(21)] })).toMatchObject({ ret: 1002, msg: PollTexts.OptionLength });
    expect(await create(owner, postId, { endTime: world.now() - 1 })).toMatchObject({ ret: 1002, msg: PollTexts.EndInPast });
    expect(await create(owner, postId, { endTime: world.now() + 31 * DAY })).toMatchObject({ ret: 1002, msg: PollTexts.EndTooFar });
    const made = await create(owner, postId, { multiple: 1 });
    expect(made).toMatchObject({ ret: 200, msg: PollTexts.Created });
    expect(made.data).toEqual({
      id: expect.any(Number),
      targetType: 'post',
      targetId: postId,
      ownerUid: Number(owner.uid),
      question: QUESTION,
      multiple: true,
      endTime: world.now() + DAY,
      ended: false,
      voters: 0,
      options: [
        { id: 1, text: '爬山', count: 0 },
        { id: 2, text: '看电影', count: 0 },
      ],
      myChoice: [],
    } satisfies Poll);
    expect(await create(owner, postId)).toMatchObject({ ret: PollRet.TargetHasPoll, msg: PollTexts.TargetHasPoll });
    const videoKey = await world.videoOf(owner);
    expect((await create(owner, videoKey, { targetType: 'video' })).data).toMatchObject({ targetType: 'video', targetId: videoKey });
  });

  it('VoteDetail: the poll without counts until one votes; VoteLike once (已投过票), then the results and my choice', async () => {
    const owner = await world.user();
    const voter = await world.user();
    const postId = await world.postOf(owner);
    expect(await world.send(PollCalls.detail, { targetType: 'post', targetId: postId }, null)).toMatchObject({ ret: 200, data: null });
    const poll = (await create(owner, postId)).data as Poll;
    const before = (await world.send(PollCalls.detail, { targetType: 'post', targetId: postId }, voter)).data as Poll;
    expect(before).toMatchObject({ id: poll.id, voters: null, myChoice: [], options: [{ count: null }, { count: null }] });
    expect((await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['2'] }, null)).ret).toBe(201);
    expect(await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['1', '2'] }, voter)).toMatchObject({ ret: 1002, msg: PollTexts.SingleChoice });
    expect(await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['3'] }, voter)).toMatchObject({ ret: 1002, msg: PollTexts.ChoiceInvalid });
    const voted = await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['2'] }, voter);
    expect(voted).toMatchObject({ ret: 200, msg: PollTexts.Voted, data: { voters: 1, myChoice: [2], options: [{ id: 1, count: 0 }, { id: 2, count: 1 }] } });
    expect(await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['1'] }, voter)).toMatchObject({ ret: PollRet.AlreadyVoted, msg: '已投过票' });
    expect((await world.send(PollCalls.detail, { targetType: 'post', targetId: postId }, voter)).data).toMatchObject({ voters: 1, myChoice: [2] });
    expect(await world.send(PollCalls.vote, { voteId: 99_999_999, optionIds: ['1'] }, voter)).toMatchObject({ ret: PollRet.NotFound, msg: PollTexts.NotFound });
  });

  it('VoteLike after the end is 8201; everyone then sees the results', async () => {
    const owner = await world.user();
    const voter = await world.user();
    const postId = await world.postOf(owner);
    const poll = (await create(owner, postId, { endTime: world.now() + 60_000 })).data as Poll;
    world.advance(60_000);
    expect(await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['1'] }, voter)).toMatchObject({ ret: PollRet.Ended, msg: PollTexts.Ended });
    expect((await world.send(PollCalls.detail, { targetType: 'post', targetId: postId }, null)).data).toMatchObject({ ended: true, voters: 0, options: [{ count: 0 }, { count: 0 }] });
  });

  it('MyVotes lists the caller’s polls; EndVote and DelVote are the owner’s only', async () => {
    const owner = await world.user();
    const other = await world.user();
    const poll = (await create(owner, await world.postOf(owner))).data as Poll;
    await world.send(PollCalls.vote, { voteId: poll.id, optionIds: ['1'] }, other);
    const page = (await world.send(PollCalls.mine, { page: 1, pageSize: 20 }, owner)).data as PollPage;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(page.list).toEqual([
      { id: poll.id, targetType: 'post', targetId: poll.targetId, targetTitle: '我的动态', question: QUESTION, voters: 1, ended: false, endTime: poll.endTime, createdTime: world.now() },
    ]);
    expect((await world.send(PollCalls.mine, { page: 1, pageSize: 20 }, other)).data).toMatchObject({ list: [], total: 0 });
    expect(await world.send(PollCalls.end, { voteId: poll.id }, other)).toMatchObject({ ret: PollRet.NotOwner, msg: PollTexts.NotOwner });
    expect(await world.send(PollCalls.remove, { voteId: poll.id }, other)).toMatchObject({ ret: PollRet.NotOwner });
    expect(await world.send(PollCalls.end, { voteId: poll.id }, owner)).toMatchObject({ ret: 200, msg: PollTexts.EndedNow, data: { ended: true, endTime: world.now(), voters: 1 } });
    expect(await world.send(PollCalls.remove, { voteId: poll.id }, owner)).toEqual({ ret: 200, msg: PollTexts.Deleted, data: true });
    expect((await world.send(PollCalls.remove, { voteId: poll.id }, owner)).ret).toBe(PollRet.NotFound);
    expect((await world.send(PollCalls.mine, { page: 1, pageSize: 51 }, owner)).ret).toBe(1002);
  });
});
