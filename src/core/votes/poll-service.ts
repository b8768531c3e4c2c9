import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { checkPollDraft, type PollDraft } from './poll-rules.ts';
import { PollCalls, type Poll, type PollPage, type PollTarget } from './votes-protocol.ts';

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
    return this.api.request(PollCalls.detail, { targetType: place.type, targetId: place.id }, { suppressTips: true });
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
      const answer = await this.api.request(PollCalls.vote, { voteId: poll.id, optionIds: optionIds.map(String) });
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
      const poll = await this.api.request(PollCalls.create, {
        targetType: place.type,
        targetId: place.id,
        question: checked.poll.question,
        options: checked.poll.options,
        multiple: multiple ? 1 : 0,
        endTime: checked.poll.endTime,
      }, { notice: !quiet });
      return poll ? { kind: 'created', poll } : { kind: 'refused' };
    } catch (error) {
      if (error instanceof ApiError) return { kind: 'refused' };
      throw error;
    }
  }

  /** MyVotes: the caller's polls, newest first. */
  async mine(page: number, pageSize: number): Promise<PollPage> {
    const mine = await this.api.request(PollCalls.mine, { page, pageSize });
    return { ...mine, page: mine.page || page, pageSize: mine.pageSize || pageSize };
  }

  /** EndVote: ends one's own poll now; the poll afterwards. */
  async end(id: number): Promise<Poll | null> {
    return this.api.request(PollCalls.end, { voteId: id }, { notice: true });
  }

  /** DelVote: deletes one's own poll. */
  async remove(id: number): Promise<void> {
    await this.api.request(PollCalls.remove, { voteId: id }, { notice: true });
  }
}
