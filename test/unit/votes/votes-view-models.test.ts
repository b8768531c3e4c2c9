import { describe, expect, it } from 'vitest';
import { installFakeVotesApi } from '../../../adapters/http/fake-votes-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { PollTexts } from '../../../src/core/votes/poll-rules.ts';
import { PollService } from '../../../src/core/votes/poll-service.ts';
import { PendingPoll, PollCardViewModel, VoteManageViewModel } from '../../../src/ui/votes/votes-view-models.ts';

const DAY = 24 * 60 * 60 * 1000;

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

function setup() {
  const { container, world } = createHeadlessCore({ path: '/dynamicDetail', withFakeApi: false });
  world.navigator.replace('/dynamicDetail', { id: '1' });
  const fake = installFakeVotesApi(world.http, {
    caller: (call) => {
      const uid = call.params['login_uid'] ?? call.body['login_uid'];
      return uid ? Number(uid) : null;
    },
    now: () => world.clock.now(),
  });
  fake.targets.post.set('1', { ownerUid: 7, title: '我的动态' });
  const session = container.get(UserSession);
  const service = new PollService(container.get(ApiClient), session);
  const logIn = (uid: number) => {
    const user = parseUser({ id: uid, nickName: `用户${uid}`, token: { uid, token: `tok${uid}` } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  };
  const card = (ownerUid: number | null = 7) => new PollCardViewModel(service, world.navigator, world.notifier, world.clock, { place: { type: 'post', id: '1' }, ownerUid });
  return { world, fake, service, logIn, card, session };
}

describe('the poll card', () => {
  it('offers 发起投票 to the post’s author only; the editor checks the poll, then the card shows it', async () => {
    const { world, logIn, card } = setup();
    const visitorCard = card();
    await visitorCard.load();
    expect(visitorCard.canCreate).toBe(false);
    logIn(8);
    const other = card();
    await other.load();
    expect(other.canCreate).toBe(false);
    logIn(7);
    const own = card();
    await own.load();
    expect(own.canCreate).toBe(true);
    own.createTapped();
    expect(own.editor.open).toBe(true);
    own.editor.questionChanged('吃什么');
    own.editor.optionChanged(0, '火锅');
    await own.publishTapped();
    expect(world.notifier.toasts.at(-1)?.message).toBe(PollTexts.OptionLength);
    own.editor.optionChanged(1, '烧烤');
    own.editor.addOptionTapped();
    own.editor.optionChanged(2, '日料');
    own.editor.multipleChanged(true);
    own.editor.daysTapped(3);
    await own.publishTapped();
    expect(own.editor.open).toBe(false);
    expect(own.poll).toMatchObject({ question: '吃什么', multiple: true, endTime: world.clock.now() + 3 * DAY });
    expect(own.kindText).toBe('多选');
    expect(own.stateText).toBe('剩余3天');
    expect(own.votersText).toBe('0人参与');
    expect(own.results).toBeNull();
  });

  it('sends a visitor to log in; a voter sees the results with their choice, and cannot tap again', async () => {
    const { world, logIn, card, service, session } = setup();
    logIn(7);
    await service.create({ type: 'post', id: '1' }, { question: '吃什么', options: ['火锅', '烧烤'], endTime: world.clock.now() + DAY }, false, world.clock.now());
    session.clear();
    const visitor = card();
    await visitor.load();
    expect(visitor.votersText).toBe('');
    visitor.optionTapped(2);
    visitor.optionTapped(1);
    expect(visitor.choice).toEqual([1]);
    await visitor.submitTapped();
    expect(world.navigator.current()).toEqual({ path: '/login', query: { redirect: '/dynamicDetail?id=1' } });
    logIn(8);
    const voter = card();
    await voter.load();
    expect(voter.canSubmit).toBe(false);
    voter.optionTapped(2);
    await Promise.all([voter.submitTapped(), voter.submitTapped()]);
    expect(world.http.requests.filter((r) => r.url.includes('VoteLike'))).toHaveLength(1);
    expect(voter.results).toEqual([
      { id: 1, text: '火锅', count: 0, percent: 0, mine: false },
      { id: 2, text: '烧烤', count: 1, percent: 100, mine: true },
    ]);
    expect(voter.votersText).toBe('1人参与');
    voter.optionTapped(1);
    expect(voter.choice).toEqual([2]);
    world.clock.advance(DAY);
    expect(voter.ended).toBe(true);
  });
});

describe('the poll written on /publishDynamic', () => {
  it('is checked on 完成, then attached to the post once published', async () => {
    const { world, fake, service, logIn } = setup();
    logIn(7);
    const pending = new PendingPoll(service, world.notifier, world.clock);
    pending.rowTapped();
    pending.editor.questionChanged('去哪儿');
    pending.editor.optionChanged(0, '山');
    pending.editor.optionChanged(1, '山');
    pending.doneTapped();
    expect(world.notifier.toasts.at(-1)?.message).toBe(PollTexts.OptionDuplicate);
    expect(pending.summary).toBe('');
    pending.editor.optionChanged(1, '海');
    pending.doneTapped();
    expect(pending.summary).toBe('去哪儿');
    expect(pending.editor.open).toBe(false);
    fake.targets.post.set('5', { ownerUid: 7, title: '新动态' });
    await pending.attachTo(5);
    expect([...fake.polls.values()].map((p) => [p.targetId, p.question, p.options, p.endTime])).toEqual([['5', '去哪儿', ['山', '海'], world.clock.now() + 7 * DAY]]);
    expect(pending.summary).toBe('');
    await pending.attachTo(6);
    expect(fake.polls.size).toBe(1);
  });
});

describe('/voteManage', () => {
  it('lists one’s polls, ends one after a confirm and deletes one after a confirm', async () => {
    const { world, fake, service, logIn } = setup();
    logIn(7);
    fake.targets.video.set('movie-01', { ownerUid: 7, title: '电影' });
    await service.create({ type: 'post', id: '1' }, { question: '吃什么', options: ['火锅', '烧烤'], endTime: world.clock.now() + DAY }, false, world.clock.now());
    world.clock.advance(1000);
    await service.create({ type: 'video', id: 'movie-01' }, { question: '好看吗', options: ['好看', '一般'], endTime: world.clock.now() + DAY }, false, world.clock.now());
    const vm = new VoteManageViewModel(service, world.navigator, world.notifier, { loggedIn: true }, world.clock);
    vm.list.opened();
    await settle();
    await waitFor(() => vm.list.items.length === 2);
    expect(vm.list.items.map((row) => [row.question, row.whereText, row.votersText, row.stateText])).toEqual([
      ['好看吗', '视频：电影', '0人参与', '进行中'],
      ['吃什么', '动态：我的动态', '0人参与', '进行中'],
    ]);
    expect(vm.list.items[0]?.endText).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}截止$/);
    const ending = vm.endTapped(vm.list.items[0]!);
    expect(world.notifier.dialogs[0]?.options).toMatchObject({ title: '结束投票' });
    world.notifier.answer(true);
    await ending;
    await waitFor(() => vm.list.items[0]?.stateText === '已结束');
    const deleting = vm.deleteTapped(vm.list.items[1]!);
    world.notifier.answer(false);
    await deleting;
    expect(fake.polls.size).toBe(2);
    const deleting2 = vm.deleteTapped(vm.list.items[1]!);
    world.notifier.answer(true);
    await deleting2;
    expect(fake.polls.size).toBe(1);
    vm.rowTapped(vm.list.items[0]!);
    expect(world.navigator.current().path).toBe('/play/movie-01');
  });
});

async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !ok(); i += 1) {
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect(ok()).toBe(true);
}
