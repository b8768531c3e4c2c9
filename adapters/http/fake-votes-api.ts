import { checkPollDraft } from '../../src/core/votes/poll-rules.ts';
import { PollCalls, PollLimits, PollRet, PollTexts, type Poll, type PollSummary, type PollTarget } from '../../src/core/votes/votes-protocol.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

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
  caller: (call: FakeHttpCall) => number | null;
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
}

const ok = (data: unknown, msg = '成功'): FakeHttpAnswer => ({ body: { ret: 200, msg, data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });
const badParam = (name: string, msg = `参数格式错误：${name}`) => fail(1002, msg);

/**
 * An in-memory imitation of the reference server's poll calls, answering exactly what votes-protocol.ts declares
 * (test/contract/votes-protocol.test.ts runs the same suite against it and against the real server). The poll rules
 * are the same module the server checks with.
 */
export function installFakeVotesApi(http: FakeHttp, options: FakeVotesApiOptions): FakeVotesState {
  const state: FakeVotesState = { targets: { post: new Map(), video: new Map() }, polls: new Map() };
  const now = options.now ?? (() => Date.now());
  let nextId = 1;
  const param = (call: FakeHttpCall, name: string): string | undefined => {
    const value = call.params[name] ?? call.body[name];
    return value === undefined ? undefined : String(value);
  };

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
  /** The target type and id of a call, or a refusal. */
  const targetOf = (call: FakeHttpCall): { type: PollTarget; id: string; target: FakePollTarget | undefined } | FakeHttpAnswer => {
    const type = param(call, 'targetType');
    const id = param(call, 'targetId')?.trim();
    if (type === undefined || type === '') return fail(1001, '缺少参数：targetType');
    if (type !== 'post' && type !== 'video') return badParam('targetType');
    if (id === undefined || id === '') return fail(1001, '缺少参数：targetId');
    if (id.length > 64) return badParam('targetId');
    return { type, id, target: state.targets[type].get(id) };
  };
  /** The poll of a call's voteId that the caller owns, or a refusal. */
  const pollOf = (call: FakeHttpCall): FakePoll | FakeHttpAnswer => {
    const raw = param(call, 'voteId');
    if (raw === undefined || raw === '') return fail(1001, '缺少参数：voteId');
    if (!/^[1-9]\d*$/.test(raw)) return badParam('voteId');
    const poll = state.polls.get(Number(raw));
    return poll ?? fail(PollRet.NotFound, PollTexts.NotFound);
  };
  const isAnswer = (value: object): value is FakeHttpAnswer => 'body' in value;

  http.route(PollCalls.create.method, PollCalls.create.path, (call) => {
    const uid = options.caller(call);
    if (uid === null) return fail(201, '请先登录');
    const found = targetOf(call);
    if (isAnswer(found)) return found;
    const question = param(call, 'question')?.trim() ?? '';
    if (question === '') return param(call, 'question') === undefined ? fail(1001, '缺少参数：question') : badParam('question');
    if (question.length > 200) return badParam('question');
    const rawOptions = param(call, 'options');
    if (rawOptions === undefined || rawOptions === '') return fail(1001, '缺少参数：options');
    let options_: unknown;
    try {
      options_ = JSON.parse(rawOptions);
    } catch {
      return badParam('options');
    }
    if (!Array.isArray(options_) || options_.some((option) => typeof option !== 'string')) return badParam('options');
    const multiple = Number(param(call, 'multiple') ?? 0);
    if (multiple !== 0 && multiple !== 1) return badParam('multiple');
    const rawEnd = param(call, 'endTime');
    if (rawEnd === undefined || rawEnd === '') return fail(1001, '缺少参数：endTime');
    if (!/^\d{1,15}$/.test(rawEnd)) return badParam('endTime');
    const checked = checkPollDraft({ question, options: options_ as string[], endTime: Number(rawEnd) }, now());
    if (!checked.ok) return badParam('poll', checked.message);
    if (found.target === undefined) return fail(PollRet.TargetNotFound, PollTexts.TargetNotFound);
    if (found.target.ownerUid !== uid) return fail(PollRet.NotOwner, PollTexts.TargetNotOwned);
    if ([...state.polls.values()].some((poll) => poll.targetType === found.type && poll.targetId === found.id)) return fail(PollRet.TargetHasPoll, PollTexts.TargetHasPoll);
    const poll: FakePoll = {
      id: nextId++,
      targetType: found.type,
      targetId: found.id,
      ownerUid: uid,
      ...checked.poll,
      multiple: multiple === 1,
      createdTime: now(),
      ballots: new Map(),
    };
    state.polls.set(poll.id, poll);
    return ok(view(poll, uid), PollTexts.Created);
  });

  http.route(PollCalls.detail.method, PollCalls.detail.path, (call) => {
    const found = targetOf(call);
    if (isAnswer(found)) return found;
    if (found.target === undefined) return fail(PollRet.TargetNotFound, PollTexts.TargetNotFound);
    const poll = [...state.polls.values()].find((p) => p.targetType === found.type && p.targetId === found.id);
    return ok(poll === undefined ? null : view(poll, options.caller(call)));
  });

  http.route(PollCalls.vote.method, PollCalls.vote.path, (call) => {
    const uid = options.caller(call);
    if (uid === null) return fail(201, '请先登录');
    const poll = pollOf(call);
    if (isAnswer(poll)) return poll;
    const raw = param(call, 'optionIds');
    if (raw === undefined || raw === '') return fail(1001, '缺少参数：optionIds');
    const items = [...new Set(raw.split(',').map((item) => item.trim()))];
    if (items.some((item) => item === '' || item.length > 3)) return badParam('optionIds');
    if (items.length > PollLimits.maxOptions) return badParam('optionIds', PollTexts.ChoiceInvalid);
    const ids = items.map((item) => (/^\d{1,2}$/.test(item) ? Number(item) : 0));
    if (ids.some((id) => id < 1 || id > poll.options.length)) return badParam('optionIds', PollTexts.ChoiceInvalid);
    if (!poll.multiple && ids.length > 1) return badParam('optionIds', PollTexts.SingleChoice);
    if (poll.ballots.has(uid)) return fail(PollRet.AlreadyVoted, PollTexts.AlreadyVoted);
    if (poll.endTime <= now()) return fail(PollRet.Ended, PollTexts.Ended);
    poll.ballots.set(uid, [...new Set(ids)].sort((a, b) => a - b));
    return ok(view(poll, uid), PollTexts.Voted);
  });

  http.route(PollCalls.mine.method, PollCalls.mine.path, (call) => {
    const uid = options.caller(call);
    if (uid === null) return fail(201, '请先登录');
    const page = Number(param(call, 'page') ?? 1);
    const pageSize = Number(param(call, 'pageSize') ?? PollLimits.defaultPageSize);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PollLimits.maxPageSize) return badParam('pageSize', `每页数量为1-${PollLimits.maxPageSize}`);
    if (!Number.isInteger(page) || page < 1 || page > PollLimits.maxPage) return badParam('page');
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

  /** The caller's own poll of the call, or a refusal (201, 8200, 8203). */
  const ownPoll = (call: FakeHttpCall): { uid: number; poll: FakePoll } | FakeHttpAnswer => {
    const uid = options.caller(call);
    if (uid === null) return fail(201, '请先登录');
    const poll = pollOf(call);
    if (isAnswer(poll)) return poll;
    return poll.ownerUid === uid ? { uid, poll } : fail(PollRet.NotOwner, PollTexts.NotOwner);
  };

  http.route(PollCalls.end.method, PollCalls.end.path, (call) => {
    const own = ownPoll(call);
    if (isAnswer(own)) return own;
    if (own.poll.endTime > now()) own.poll.endTime = now();
    return ok(view(own.poll, own.uid), PollTexts.EndedNow);
  });

  http.route(PollCalls.remove.method, PollCalls.remove.path, (call) => {
    const own = ownPoll(call);
    if (isAnswer(own)) return own;
    state.polls.delete(own.poll.id);
    return ok(true, PollTexts.Deleted);
  });

  return state;
}
