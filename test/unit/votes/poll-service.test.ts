import { describe, expect, it } from 'vitest';
import { installFakeVotesApi } from '../../../adapters/http/fake-votes-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { checkPollDraft, endTimeAfter, pollEnded, remainingText, resultRows, toggledChoice, PollTexts } from '../../../src/core/votes/poll-rules.ts';
import { PollService } from '../../../src/core/votes/poll-service.ts';
import { PollCalls } from '../../../src/core/votes/votes-protocol.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A poll as the declared answer reads it (null: none, or unreadable). */
const parsePoll = (data: unknown) => parsed(PollCalls.detail.answer!, data);
const NOW = Date.UTC(2030, 0, 15, 4);

function setup() {
  const { container, world } = createHeadlessCore({ path: '/dynamicDetail?id=1', withFakeApi: false });
  const fake = installFakeVotesApi(world.http, { caller: (call) => { const uid = call.params['login_uid'] ?? call.body['login_uid']; return uid ? Number(uid) : null; }, now: () => world.clock.now() });
  fake.targets.post.set('1', { ownerUid: 7, title: '我的动态' });
  const session = container.get(UserSession);
  const service = new PollService(container.get(ApiClient), session);
  const logIn = (uid: number) => {
    const user = parseUser({ id: uid, nickName: `用户${uid}`, token: { uid, token: `tok${uid}` } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  };
  const votes = () => world.http.requests.filter((r) => r.url.split('?')[0] === PollCalls.vote.path).length;
  return { world, fake, service, logIn, votes };
}

describe('poll rules', () => {
  it('checks a draft: question, 2–10 options of 1–20 characters, distinct, end time ahead within 30 days', () => {
    const draft = { question: ' 吃什么 ', options: [' 火锅 ', '烧烤'], endTime: NOW + DAY };
    expect(checkPollDraft(draft, NOW)).toEqual({ ok: true, poll: { question: '吃什么', options: ['火锅', '烧烤'], endTime: NOW + DAY } });
    const problem = (change: Partial<typeof draft>) => {
      const checked = checkPollDraft({ ...draft, ...change }, NOW);
      return checked.ok ? null : checked.message;
    };
    expect(problem({ question: ' ' })).toBe(PollTexts.QuestionMissing);
    expect(problem({ question: '问'.repeat(41) })).toBe(PollTexts.QuestionTooLong);
    expect(problem({ options: ['一'] })).toBe(PollTexts.OptionCount);
    expect(problem({ options: Array.from({ length: 11 }, (_, i) => String(i)) })).toBe(PollTexts.OptionCount);
    expect(problem({ options: ['一', ''] })).toBe(PollTexts.OptionLength);
    expect(problem({ options: ['一', '😀'.repeat(20)] })).toBeNull();
    expect(problem({ options: ['一', '😀'.repeat(21)] })).toBe(PollTexts.OptionLength);
    expect(problem({ options: ['一', ' 一'] })).toBe(PollTexts.OptionDuplicate);
    expect(problem({ endTime: NOW })).toBe(PollTexts.EndInPast);
    expect(problem({ endTime: NOW + 30 * DAY })).toBeNull();
    expect(problem({ endTime: NOW + 30 * DAY + 1 })).toBe(PollTexts.EndTooFar);
  });

  it('tells the time left, the state, and toggles a choice', () => {
    expect(remainingText(NOW + 3 * DAY + 5, NOW)).toBe('剩余3天');
    expect(remainingText(NOW + 5 * 60 * 60 * 1000, NOW)).toBe('剩余5小时');
    expect(remainingText(NOW + 30_000, NOW)).toBe('剩余1分钟');
    expect(remainingText(NOW, NOW)).toBe('已结束');
    expect(endTimeAfter(7, NOW)).toBe(NOW + 7 * DAY);
    expect(pollEnded({ ended: false, endTime: NOW }, NOW)).toBe(true);
    expect(pollEnded({ ended: false, endTime: NOW + 1 }, NOW)).toBe(false);
    expect(toggledChoice([1], 2, false)).toEqual([2]);
    expect(toggledChoice([3], 1, true)).toEqual([1, 3]);
    expect(toggledChoice([1, 3], 1, true)).toEqual([3]);
  });

  it('shows results only with counts, my choice marked, percentages adding to 100', () => {
    expect(resultRows({ options: [{ id: 1, text: 'a', count: null }], myChoice: [] })).toBeNull();
    expect(
      resultRows({
        options: [
          { id: 1, text: 'a', count: 1 },
          { id: 2, text: 'b', count: 1 },
          { id: 3, text: 'c', count: 1 },
        ],
        myChoice: [2],
      }),
    ).toEqual([
      { id: 1, text: 'a', count: 1, percent: 34, mine: false },
      { id: 2, text: 'b', count: 1, percent: 33, mine: true },
      { id: 3, text: 'c', count: 1, percent: 33, mine: false },
    ]);
  });

  it('reads a poll leniently', () => {
    expect(parsePoll({ id: 0 })).toBeNull();
    expect(parsePoll({ id: '3', targetType: 'video', targetId: 'movie-01', multiple: 1, voters: null, options: [{ id: 1, text: 'a', count: '2' }, { id: 0 }], myChoice: ['1'] })).toMatchObject({
      id: 3, targetType: 'video', multiple: true, voters: null, options: [{ id: 1, text: 'a', count: 2 }], myChoice: [1],
    });
  });
});

describe('PollService', () => {
  it('sends a visitor to log in without a request, and one VoteLike however often tapped', async () => {
    const { world, service, logIn, votes } = setup();
    logIn(7);
    const made = await service.create({ type: 'post', id: '1' }, { question: '吃什么', options: ['火锅', '烧烤'], endTime: world.clock.now() + DAY }, false, world.clock.now());
    if (made.kind !== 'created') throw new Error(made.kind);
    logIn(8);
    const taps = await Promise.all([service.vote(made.poll, [1]), service.vote(made.poll, [1]), service.vote(made.poll, [2])]);
    expect(votes()).toBe(1);
    expect(taps.map((t) => t.kind)).toEqual(['voted', 'voted', 'voted']);
    const again = await service.vote(made.poll, [2]);
    expect(again.kind).toBe('refused');
    expect(again.kind === 'refused' && again.poll?.myChoice).toEqual([1]);
    expect(world.notifier.toasts.map((t) => t.message)).toContain('已投过票');
  });

  it('checks a draft before sending it', async () => {
    const { world, service, logIn } = setup();
    logIn(7);
    const outcome = await service.create({ type: 'post', id: '1' }, { question: '吃什么', options: ['火锅', '火锅'], endTime: world.clock.now() + DAY }, false, world.clock.now());
    expect(outcome).toEqual({ kind: 'invalid', message: PollTexts.OptionDuplicate });
    expect(world.http.requests).toHaveLength(0);
  });

  it('answers login for a visitor', async () => {
    const { service, votes } = setup();
    const poll = parsePoll({ id: 1, targetType: 'post', targetId: '1', options: [{ id: 1, text: 'a' }] })!;
    expect(await service.vote(poll, [1])).toEqual({ kind: 'login' });
    expect(votes()).toBe(0);
  });
});
