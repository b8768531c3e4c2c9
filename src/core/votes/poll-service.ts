import type { ApiClient } from '../request/api-client.ts';
import { fieldsOf, flagOf, listOf, textOf, wholeOf } from '../request/answer-values.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { checkPollDraft, type PollDraft } from './poll-rules.ts';
import { PollCalls, PollTarget, type Poll, type PollOption, type PollPage, type PollSummary } from './votes-protocol.ts';

/** What a poll hangs on: a post (its id as text) or a video (its media key). */
export interface PollPlace {
  type: PollTarget;
  id: string;
}

export type VoteOutcome =
  /** A visitor: nothing was sent; the screen opens /login. */
  | { kind: 'login' }
  /** Counted: the poll with its results. */
  | { kind: 'voted'; poll: Poll }
  /** Refused (已投过票, 投票已结束, …; the request layer toasted it): the poll as it is now, when it still exists. */
  | { kind: 'refused'; poll: Poll | null };

export type CreateOutcome = { kind: 'created'; poll: Poll } | { kind: 'invalid'; message: string } | { kind: 'refused' };

const countOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Math.max(0, wholeOf(value)));

/** Reads a poll as the server gives it, leniently; null without an id. */
export function parsePoll(value: unknown): Poll | null {
  const raw = fieldsOf(value);
  const id = wholeOf(raw.id);
  if (id <= 0) return null;
  const options = listOf(raw.options).flatMap((item): PollOption[] => {
    const option = fieldsOf(item);
    const optionId = wholeOf(option.id);
    return optionId > 0 ? [{ id: optionId, text: textOf(option.text), count: countOrNull(option.count) }] : [];
  });
  return {
    id,
    targetType: raw.targetType === PollTarget.Video ? PollTarget.Video : PollTarget.Post,
    targetId: textOf(raw.targetId),
    ownerUid: wholeOf(raw.ownerUid),
    question: textOf(raw.question),
    multiple: flagOf(raw.multiple),
    endTime: wholeOf(raw.endTime),
    ended: flagOf(raw.ended),
    voters: countOrNull(raw.voters),
    options,
    myChoice: listOf(raw.myChoice).map(wholeOf).filter((n) => n > 0),
  };
}

function parseSummary(value: unknown): PollSummary | null {
  const raw = fieldsOf(value);
  const id = wholeOf(raw.id);
  if (id <= 0) return null;
  return {
    id,
    targetType: raw.targetType === PollTarget.Video ? PollTarget.Video : PollTarget.Post,
    targetId: textOf(raw.targetId),
    targetTitle: textOf(raw.targetTitle),
    question: textOf(raw.question),
    voters: Math.max(0, wholeOf(raw.voters)),
    ended: flagOf(raw.ended),
    endTime: wholeOf(raw.endTime),
    createdTime: wholeOf(raw.createdTime),
  };
}

/**
 * Polls: the poll of a post or video, voting once (one request per poll however often tapped; a visitor is sent to
 * log in; a refusal reloads the poll so the card shows the truth), making one on one's own post or video (checked
 * here first with the same rules the server applies), and the owner's list, ending and deleting.
 */
export class PollService {
  private readonly voting = new Map<number, Promise<VoteOutcome>>();

  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
  ) {}

  loggedIn(): boolean {
    return this.session.user() !== null;
  }

  /** The signed-in user's uid, or null. */
  me(): number | null {
    return this.session.user()?.id ?? null;
  }

  /** VoteDetail: the poll on a post or video, or null when it has none. */
  async pollOf(place: PollPlace): Promise<Poll | null> {
    return parsePoll(await this.api.request(PollCalls.detail, { targetType: place.type, targetId: place.id }, { suppressTips: true }));
  }

  /** VoteLike with the chosen options; a tap while a vote on the same poll is on its way joins it. */
  vote(poll: Poll, optionIds: readonly number[]): Promise<VoteOutcome> {
    if (!this.loggedIn()) return Promise.resolve({ kind: 'login' });
    const running = this.voting.get(poll.id);
    if (running) return running;
    const sent = this.sendVote(poll, optionIds).finally(() => this.voting.delete(poll.id));
    this.voting.set(poll.id, sent);
    return sent;
  }

  private async sendVote(poll: Poll, optionIds: readonly number[]): Promise<VoteOutcome> {
    try {
      const answer = parsePoll(await this.api.request(PollCalls.vote, { voteId: poll.id, optionIds: optionIds.map(String) }));
      return answer ? { kind: 'voted', poll: answer } : { kind: 'refused', poll: null };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const now = await this.pollOf({ type: poll.targetType, id: poll.targetId }).catch(() => null);
      return { kind: 'refused', poll: now };
    }
  }

  /**
   * CreateVote on one's own post or video, after checking the draft at `now` (the message of its first problem).
   * `quiet`: no 投票已发起 toast (publishing a post says 发布成功 itself).
   */
  async create(place: PollPlace, draft: PollDraft, multiple: boolean, now: number, quiet = false): Promise<CreateOutcome> {
    const checked = checkPollDraft(draft, now);
    if (!checked.ok) return { kind: 'invalid', message: checked.message };
    try {
      const data = await this.api.request(PollCalls.create, {
        targetType: place.type,
        targetId: place.id,
        question: checked.poll.question,
        options: checked.poll.options,
        multiple: multiple ? 1 : 0,
        endTime: checked.poll.endTime,
      }, { notice: !quiet });
      const poll = parsePoll(data);
      return poll ? { kind: 'created', poll } : { kind: 'refused' };
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'refused' };
      throw error;
    }
  }

  /** MyVotes: the caller's polls, newest first. */
  async mine(page: number, pageSize: number): Promise<PollPage> {
    const raw = fieldsOf(await this.api.request(PollCalls.mine, { page, pageSize }));
    return {
      list: listOf(raw.list).flatMap((item) => parseSummary(item) ?? []),
      page: wholeOf(raw.page) || page,
      pageSize: wholeOf(raw.pageSize) || pageSize,
      total: Math.max(0, wholeOf(raw.total)),
    };
  }

  /** EndVote: ends one's own poll now; the poll afterwards. */
  async end(id: number): Promise<Poll | null> {
    return parsePoll(await this.api.request(PollCalls.end, { voteId: id }, { notice: true }));
  }

  /** DelVote: deletes one's own poll. */
  async remove(id: number): Promise<void> {
    await this.api.request(PollCalls.remove, { voteId: id }, { notice: true });
  }
}
