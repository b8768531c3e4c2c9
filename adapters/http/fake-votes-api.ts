import { checkPollDraft } from '../../src/core/votes/poll-rules.ts';
import { PollCalls, PollRet, type Poll, type PollSummary, type PollTarget } from '../../src/core/votes/votes-protocol.ts';
import { PollTexts } from '../../src/core/votes/votes-texts.ts';
import { fail, fakeApi, ok, refuse, type FakeCaller } from './fake-api-kit.ts';
import type { FakeHttp } from './fake-http.ts';

/** A post or video a poll may be attached to, as the imitation knows it. */
interface FakePollTarget {
  ownerUid: number;
  title: string;
}

interface FakePoll {
  id: number;
  targetType: PollTarget;
  targetId: string;
  ownerUid: number;
  question: string;
  multiple: boolean;
  endTime: number;
  createdTime: number;
  options: string[];
  /** The options chosen, per voter. */
  ballots: Map<number, number[]>;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeVotesState {
  /** Posts by id (as text) and videos by media key. */
  readonly targets: { post: Map<string, FakePollTarget>; video: Map<string, FakePollTarget> };
  readonly polls: Map<number, FakePoll>;
}

export interface FakeVotesApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: FakeCaller;
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
}

/**
 * An in-memory imitation of the reference server's poll calls, answering exactly what votes-protocol.ts declares
 * (test/contract/votes-protocol.test.ts runs the same suite against it and against the real server). The poll rules
 * are the same module the server checks with.
 */
export function installFakeVotesApi(http: FakeHttp, options: FakeVotesApiOptions): FakeVotesState {
  const state: FakeVotesState = { targets: { post: new Map(), video: new Map() }, polls: new Map() };
  const now = options.now ?? (() => Date.now());
  let nextId = 1;
  const { serve } = fakeApi(http, { caller: options.caller });

  const view = (poll: FakePoll, viewer: number | null): Poll => {
    const mine = viewer === null ? undefined : poll.ballots.get(viewer);
    const ended = poll.endTime <= now();
    const visible = ended || mine !== undefined || viewer === poll.ownerUid;
    const ballots = [...poll.ballots.values()];
    return {
      id: poll.id,
      targetType: poll.targetType,
      targetId: poll.targetId,
      ownerUid: poll.ownerUid,
      question: poll.question,
      multiple: poll.multiple,
      endTime: poll.endTime,
      ended,
      voters: visible ? ballots.length : null,
      options: poll.options.map((text, index) => ({ id: index + 1, text, count: visible ? ballots.filter((b) => b.includes(index + 1)).length : null })),
      myChoice: mine ?? [],
    };
  };
  /** The post or video a call names; 8205 when there is none. */
  const targetOf = (type: string, id: string): FakePollTarget => {
    const target = state.targets[type === 'post' ? 'post' : 'video'].get(id);
    if (target === undefined) throw refuse(PollRet.TargetNotFound, PollTexts.TargetNotFound);
    return target;
  };
  /** The poll of a voteId; 8200 when there is none. */
  const pollOf = (voteId: number): FakePoll => {
    const poll = state.polls.get(voteId);
    if (poll === undefined) throw refuse(PollRet.NotFound, PollTexts.NotFound);
    return poll;
  };

  serve(PollCalls.create, 'required', (input, uid) => {
    const { options: choices } = input;
    if (!Array.isArray(choices) || choices.some((option) => typeof option !== 'string')) return fail(1002, '参数格式错误：options');
    const checked = checkPollDraft({ question: input.question, options: choices as string[], endTime: input.endTime }, now());
    if (!checked.ok) return fail(1002, checked.message);
    const type = input.targetType === 'post' ? 'post' : 'video';
    if (targetOf(type, input.targetId).ownerUid !== uid) return fail(PollRet.NotOwner, PollTexts.TargetNotOwned);
    if ([...state.polls.values()].some((poll) => poll.targetType === type && poll.targetId === input.targetId)) return fail(PollRet.TargetHasPoll, PollTexts.TargetHasPoll);
    const poll: FakePoll = {
      id: nextId++,
      targetType: type,
      targetId: input.targetId,
      ownerUid: uid,
      ...checked.poll,
      multiple: input.multiple === 1,
      createdTime: now(),
      ballots: new Map(),
    };
    state.polls.set(poll.id, poll);
    return ok(view(poll, uid), PollTexts.Created);
  });

  serve(PollCalls.detail, 'optional', ({ targetType, targetId }, uid) => {
    targetOf(targetType, targetId);
    const poll = [...state.polls.values()].find((p) => p.targetType === targetType && p.targetId === targetId);
    return ok(poll === undefined ? null : view(poll, uid));
  });

  serve(PollCalls.vote, 'required', ({ voteId, optionIds }, uid) => {
    const poll = pollOf(voteId);
    const ids = optionIds.map((item) => (/^\d{1,2}$/.test(item) ? Number(item) : 0));
    if (ids.length === 0 || ids.some((id) => id < 1 || id > poll.options.length)) return fail(1002, PollTexts.ChoiceInvalid);
    if (!poll.multiple && ids.length > 1) return fail(1002, PollTexts.SingleChoice);
    if (poll.ballots.has(uid)) return fail(PollRet.AlreadyVoted, PollTexts.AlreadyVoted);
    if (poll.endTime <= now()) return fail(PollRet.Ended, PollTexts.Ended);
    poll.ballots.set(uid, [...new Set(ids)].sort((a, b) => a - b));
    return ok(view(poll, uid), PollTexts.Voted);
  });

  serve(PollCalls.mine, 'required', ({ page, pageSize }, uid) => {
    const own = [...state.polls.values()].filter((poll) => poll.ownerUid === uid).sort((a, b) => b.createdTime - a.createdTime || b.id - a.id);
    const list = own.slice((page - 1) * pageSize, page * pageSize).map(
      (poll): PollSummary => ({
        id: poll.id,
        targetType: poll.targetType,
        targetId: poll.targetId,
        targetTitle: state.targets[poll.targetType].get(poll.targetId)?.title ?? '',
        question: poll.question,
        voters: poll.ballots.size,
        ended: poll.endTime <= now(),
        endTime: poll.endTime,
        createdTime: poll.createdTime,
      }),
    );
    return ok({ list, page, pageSize, total: own.length });
  });

  /** The caller's own poll; 8200 when there is none, 8203 when it is another's. */
  const ownPoll = (voteId: number, uid: number): FakePoll => {
    const poll = pollOf(voteId);
    if (poll.ownerUid !== uid) throw refuse(PollRet.NotOwner, PollTexts.NotOwner);
    return poll;
  };

  serve(PollCalls.end, 'required', ({ voteId }, uid) => {
    const poll = ownPoll(voteId, uid);
    if (poll.endTime > now()) poll.endTime = now();
    return ok(view(poll, uid), PollTexts.EndedNow);
  });

  serve(PollCalls.remove, 'required', ({ voteId }, uid) => {
    state.polls.delete(ownPoll(voteId, uid).id);
    return ok(true, PollTexts.Deleted);
  });

  return state;
}
