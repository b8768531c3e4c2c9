import { expect, it } from 'vitest';
import { installFakeTasksApi } from '../../adapters/http/fake-tasks-api.ts';
import { seedCatalogue } from '../../server/catalogue/seed.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { TasksCalls, TasksRet, type TaskBoard, type TaskClaimed, type TaskState } from '../../src/core/tasks/tasks-protocol.ts';
import { MINUTE, post, registerUser, tokenParams } from '../server/support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * The task centre's calls (src/core/tasks/tasks-protocol.ts) as the app sends them, answered by the fake the app's
 * tests use (adapters/http/fake-tasks-api.ts) and by the reference server: both must answer alike.
 */
interface TasksWorld {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null): Promise<Answer>;
  newUser(): Promise<Caller>;
  /** The user comments on a video (what the server sees; the fake is told). */
  comment(user: Caller): Promise<void>;
  advance(ms: number): void;
}

type Caller = Record<string, string>;

const keysOf = (board: TaskBoard) => [...board.daily, ...board.newbie].map((task) => task.key);
const find = (board: TaskBoard, key: string) => [...board.daily, ...board.newbie].find((task) => task.key === key);

protocolContract<TasksWorld>('tasks protocol', {
  fake: ({ http, send, clock }) => {
    let nextUid = 1;
    const state = installFakeTasksApi(http, { caller: (call) => (call.params['login_uid'] ? Number(call.params['login_uid']) : null), now: () => clock.now() });
    return {
      async newUser() {
        const uid = nextUid++;
        state.user(uid);
        return { login_uid: String(uid) };
      },
      async comment(user) {
        state.did(Number(user['login_uid']), 'comment');
      },
      advance: (ms) => clock.advance(ms),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    };
  },
  server: {
    seed: seedCatalogue,
    world: ({ app, clock, send }) => ({
      async newUser() {
        return tokenParams((await registerUser(app)).token);
      },
      async comment(user) {
        const { body } = await post(app, '/api/Video/Replys', { ...user, mediaKey: 'movie-01', content: '好看' });
        expect(body.ret).toBe(200);
      },
      advance: (ms) => clock.advance(ms),
      send: (declared, input, caller) => send(declared, input, caller ?? {}),
    }),
  },
}, (world) => {
  it('GetTaskList: every task at 0 for a new account, level 1, China time by default; 201 for a visitor; a bad zone is 1002', async () => {
    const user = await world.newUser();
    const answer = await world.send(TasksCalls.board, {}, user);
    expect(answer.ret).toBe(200);
    const board = answer.data as TaskBoard;
    expect(keysOf(board)).toEqual(['signIn', 'watch', 'barrage', 'comment', 'share', 'avatar', 'nickname', 'phone', 'firstPost', 'follow']);
    expect(find(board, 'comment')).toEqual({ key: 'comment', progress: 0, target: 1, experience: 10, gold: 5, claimed: false } satisfies TaskState);
    expect({ experience: board.experience, level: board.level, gold: board.gold, utcOffset: board.utcOffset }).toEqual({ experience: 0, level: 1, gold: 0, utcOffset: 480 });
    expect(typeof board.resetsAt).toBe('number');
    expect((await world.send(TasksCalls.board, {}, null)).ret).toBe(201);
    expect(await world.send(TasksCalls.board, { utcOffset: 10 }, user)).toMatchObject({ ret: 1002, msg: '时区参数错误' });
    expect(await world.send(TasksCalls.board, { utcOffset: 900 }, user)).toMatchObject({ ret: 1002, msg: '时区参数错误' });
  });

  it('ReceiveTaskReward: 6301 unfinished; once finished it pays once (领取成功), then 6302; an unknown task is 1002', async () => {
    const user = await world.newUser();
    expect(await world.send(TasksCalls.claim, { task: 'comment' }, user)).toEqual({ ret: TasksRet.NotFinished, msg: '任务尚未完成', data: null });
    await world.comment(user);
    expect(await world.send(TasksCalls.claim, { task: 'comment' }, user)).toEqual({
      ret: 200,
      msg: '领取成功',
      data: { key: 'comment', gainedExperience: 10, gainedGold: 5, experience: 10, level: 1, gold: 5 } satisfies TaskClaimed,
    });
    expect(await world.send(TasksCalls.claim, { task: 'comment' }, user)).toEqual({ ret: TasksRet.AlreadyClaimed, msg: '奖励已领取', data: null });
    expect((await world.send(TasksCalls.claim, { task: 'bogus' }, user)).ret).toBe(1002);
    expect((await world.send(TasksCalls.claim, { task: 'comment' }, null)).ret).toBe(201);
  });

  it('UpdTask: watch credits the time since the last report up to the claim; share counts shares only; parameters checked', async () => {
    const user = await world.newUser();
    expect((await world.send(TasksCalls.update, { task: 'watch', seconds: 60 }, user)).data).toMatchObject({ key: 'watch', progress: 0, target: 600 });
    world.advance(10_000);
    expect((await world.send(TasksCalls.update, { task: 'watch', seconds: 60 }, user)).data).toMatchObject({ progress: 10 });
    world.advance(20_000);
    expect((await world.send(TasksCalls.update, { task: 'watch', seconds: 7 }, user)).data).toMatchObject({ progress: 17 });
    expect((await world.send(TasksCalls.update, { task: 'share', seconds: 0 }, user)).data).toEqual({ key: 'share', progress: 0, target: 1, experience: 10, gold: 5, claimed: false });
    expect((await world.send(TasksCalls.update, { task: 'comment', seconds: 0 }, user)).ret).toBe(1002);
    expect((await world.send(TasksCalls.update, { task: 'watch', seconds: 61 }, user)).ret).toBe(1002);
    expect((await world.send(TasksCalls.update, { task: 'watch', seconds: 1 }, null)).ret).toBe(201);
  });

  it('a day is the user\'s own: at UTC−5 a comment claimed at 23:00 is due again after midnight there', async () => {
    const user = await world.newUser();
    const board = (await world.send(TasksCalls.board, { utcOffset: -300 }, user)).data as TaskBoard;
    expect(board.utcOffset).toBe(-300);
    await world.comment(user);
    expect((await world.send(TasksCalls.claim, { task: 'comment' }, user)).ret).toBe(200);
    world.advance(board.resetsAt - Date.UTC(2030, 0, 15, 4) + MINUTE);
    const next = (await world.send(TasksCalls.board, {}, user)).data as TaskBoard;
    expect(find(next, 'comment')).toMatchObject({ progress: 0, claimed: false });
    expect(next.resetsAt - board.resetsAt).toBe(86_400_000);
  });
});
