import { describe, expect, it } from 'vitest';
import { installFakeTasksApi, type FakeTasksState } from '../../../adapters/http/fake-tasks-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { LEVEL_ROWS, levelProgress, nextLevelText } from '../../../src/core/tasks/level-rules.ts';
import { progressText, rewardText, taskDefinition } from '../../../src/core/tasks/task-rules.ts';
import { TaskService } from '../../../src/core/tasks/task-service.ts';
import { VideoSocialService } from '../../../src/core/video-social/video-social-service.ts';
import { MyLevelViewModel, TaskListViewModel } from '../../../src/ui/tasks/task-view-models.ts';

const UID = 7;

function setup(options: { loggedIn?: boolean } = {}) {
  const { container, world } = createHeadlessCore({ path: '/taskCenter', withFakeApi: false });
  const tasks: FakeTasksState = installFakeTasksApi(world.http, { caller: (call) => {
    const uid = call.params['login_uid'] ?? call.body['login_uid'];
    return uid ? Number(uid) : null;
  }, now: () => world.clock.now() });
  const session = container.get(UserSession);
  if (options.loggedIn !== false) {
    const user = parseUser({ id: UID, nickName: '小遇', level: 1, gold: 0, token: { uid: UID, token: 'tok' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  }
  const claims = () => world.http.requests.filter((r) => r.url.startsWith('/api/Home/ReceiveTaskReward')).length;
  const service = container.get(TaskService);
  const list = (kind: 'daily' | 'newbie') => new TaskListViewModel(service, world.navigator, new SessionModel(session), kind);
  return { container, world, tasks, session, claims, service, list };
}

describe('task rules as shown', () => {
  it('progress, rewards and the level texts', () => {
    expect(progressText(taskDefinition('watch'), 185)).toBe('3/10分钟');
    expect(progressText(taskDefinition('watch'), 9999)).toBe('10/10分钟');
    expect(progressText(taskDefinition('comment'), 0)).toBe('0/1');
    expect(rewardText(taskDefinition('comment'))).toBe('+10经验 +5金币');
    expect(nextLevelText(levelProgress(20))).toBe('还需10经验升级到Lv2');
    expect(nextLevelText(levelProgress(99_999))).toBe('已达到最高等级');
    expect(levelProgress(50)).toEqual({ level: 2, experience: 50, floor: 30, next: 70, percent: 50 });
    expect(LEVEL_ROWS).toHaveLength(8);
  });
});

describe('TaskService', () => {
  it('sends the device\'s zone and keeps the stored user\'s level and gold current', async () => {
    const { service, world, tasks, session } = setup();
    tasks.user(UID).experience = 75;
    tasks.user(UID).gold = 12;
    const board = await service.board();
    expect(board.utcOffset).toBe(480);
    expect(world.http.requests.at(-1)?.params?.['utcOffset']).toBe(480);
    expect(session.user()).toMatchObject({ level: 3, gold: 12 });
  });

  it('a double tap on 领取 sends one claim and pays once', async () => {
    const { service, tasks, session, claims } = setup();
    tasks.did(UID, 'comment');
    const [a, b] = await Promise.all([service.claim('comment'), service.claim('comment')]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ kind: 'claimed', claimed: { gainedExperience: 10, gainedGold: 5, gold: 5 } });
    expect(claims()).toBe(1);
    expect(session.user()?.gold).toBe(5);
    expect(await service.claim('comment')).toEqual({ kind: 'refused', reason: 'claimed', message: '奖励已领取' });
    expect(await service.claim('share')).toEqual({ kind: 'refused', reason: 'unfinished', message: '任务尚未完成' });
  });
});

describe('UpdTask from the app', () => {
  it('a share recorded by the video\'s actions is reported to the task centre (task=share)', async () => {
    const { container, world } = setup();
    world.http.route('GET', '/api/Video/Share', () => ({ body: { ret: 200, msg: '成功', data: { link: 'https://x/play/movie-01', shareCount: 3 } } }));
    await container.get(VideoSocialService).share('movie-01');
    await expect.poll(() => world.http.requests.filter((r) => r.url.startsWith('/api/Home/UpdTask')).map((r) => r.params?.['task'])).toEqual(['share']);
  });
});

describe('task screens\' view-models', () => {
  it('/taskCenter lists the daily tasks: 去完成 opens where the task is done, 领取 claims once, then 已领取', async () => {
    const { list, world, tasks, claims } = setup();
    tasks.did(UID, 'signIn');
    const vm = list('daily');
    await vm.load();
    expect(vm.rows.map((row) => [row.key, row.progressText, row.rewardText, row.buttonText])).toEqual([
      ['signIn', '1/1', '+10经验 +5金币', '领取'],
      ['watch', '0/10分钟', '+15经验 +10金币', '去完成'],
      ['barrage', '0/1', '+5经验 +5金币', '去完成'],
      ['comment', '0/1', '+10经验 +5金币', '去完成'],
      ['share', '0/1', '+10经验 +5金币', '去完成'],
    ]);
    await vm.buttonTapped('comment');
    expect(world.navigator.current().path).toBe('/');
    await vm.buttonTapped('signIn');
    expect(world.navigator.current().path).toBe('/');
    await Promise.all([vm.buttonTapped('signIn'), vm.buttonTapped('signIn')]);
    expect(claims()).toBe(1);
    expect(vm.rows[0]).toMatchObject({ status: 'claimed', buttonText: '已领取' });
    expect([vm.experienceText, vm.goldText]).toEqual(['经验 10', '金币 5']);
    await vm.buttonTapped('signIn');
    expect(claims()).toBe(1);
    vm.newHandTapped();
    expect(world.navigator.current().path).toBe('/newHandTask');
    vm.myLevelTapped();
    expect(world.navigator.current().path).toBe('/myLevel');
  });

  it('/newHandTask lists the one-time tasks with their own pages; /myLevel shows the bar to the next level', async () => {
    const { list: listOf, world, tasks, service, session } = setup();
    tasks.user(UID).newbie.add('nickname');
    tasks.user(UID).experience = 45;
    const list = listOf('newbie');
    await list.load();
    expect(list.rows.map((row) => [row.key, row.status])).toEqual([
      ['avatar', 'todo'], ['nickname', 'claimable'], ['phone', 'todo'], ['firstPost', 'todo'], ['follow', 'todo'],
    ]);
    await list.buttonTapped('phone');
    expect(world.navigator.current().path).toBe('/emailMobileSetting');
    const level = new MyLevelViewModel(service, world.navigator, new SessionModel(session));
    await level.opened();
    expect([level.level.level, level.barText, level.nextText, level.level.percent]).toEqual([2, '45 / 70', '还需25经验升级到Lv3', 37]);
  });

  it('a visitor is sent to /login and back', () => {
    const { list, world } = setup({ loggedIn: false });
    const vm = list('daily');
    vm.visitorSentToLogin();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/taskCenter' } });
  });
});
