import { checkPollDraft } from '../../src/core/votes/poll-rules.ts';
import { type Poll, type PollTarget } from '../../src/core/votes/votes-protocol.ts';
import { PollTexts } from '../../src/core/votes/votes-texts.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { castBallot, deletePoll, endPoll, findPollRow, findTarget, hasVoted, insertPoll, pollView, type PollRow } from './poll-repository.ts';

const notFound = () => new ApiError(Ret.PollNotFound, PollTexts.NotFound);

/** CreateVote's fields as serve() read them (the options' JSON parsed, its shape unchecked). */
export interface NewPollInput {
  targetType: string;
  targetId: string;
  question: string;
  options: unknown;
  multiple: number;
  endTime: number;
}

/**
 * Attaches a poll to the caller's own post or video: checks the question, options and end time (poll-rules.ts, 1002
 * with the rule's message), then the target (8205 none, 8203 another's), then takes one of the day's slots
 * (`takeSlot` throws past the limit) and makes it (8204 when it has one).
 */
export async function createPoll(db: Database, userId: number, input: NewPollInput, now: number, takeSlot: () => Promise<void>): Promise<Poll> {
  const { options } = input;
  if (!Array.isArray(options) || options.some((option) => typeof option !== 'string')) throw badParam('options');
  const checked = checkPollDraft({ question: input.question, options: options as string[], endTime: input.endTime }, now);
  if (!checked.ok) throw badParam('poll', checked.message);
  const type = input.targetType as PollTarget;
  const target = await findTarget(db, type, input.targetId);
  if (target === undefined) throw new ApiError(Ret.PollTargetNotFound, PollTexts.TargetNotFound);
  if (target.ownerId !== userId) throw new ApiError(Ret.PollNotOwner, PollTexts.TargetNotOwned);
  await takeSlot();
  const id = await insertPoll(db, {
    ownerId: userId,
    type,
    targetRowId: target.id,
    ...checked.poll,
    multiple: input.multiple === 1,
    endsAt: new Date(checked.poll.endTime),
    at: new Date(now),
  });
  if (id === null) throw new ApiError(Ret.PollTargetHasPoll, PollTexts.TargetHasPoll);
  return pollOf(db, id, userId, now);
}

/** The poll as the viewer sees it now (8200 when gone). */
export async function pollOf(db: Database, pollId: number, viewerId: number | null, now: number): Promise<Poll> {
  const poll = await pollView(db, pollId, viewerId, new Date(now));
  if (poll === undefined) throw notFound();
  return poll;
}

/** The option ids chosen, checked against the poll: each 1..n, one only unless 多选 (1002 otherwise). */
function choiceOf(poll: PollRow, optionIds: readonly string[]): number[] {
  const ids = optionIds.map((raw) => (/^\d{1,2}$/.test(raw) ? Number(raw) : 0));
  if (ids.length === 0 || ids.some((id) => id < 1 || id > poll.option_count)) throw badParam('optionIds', PollTexts.ChoiceInvalid);
  if (!poll.multiple && ids.length > 1) throw badParam('optionIds', PollTexts.SingleChoice);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * VoteLike: casts the caller's one ballot while the poll is open and answers the poll with its results. A second call
 * (or any but one of parallel calls) is refused with 8202 已投过票; after the end 8201.
 */
export async function vote(db: Database, userId: number, pollId: number, optionIds: readonly string[], now: number): Promise<Poll> {
  const poll = await findPollRow(db, pollId);
  if (poll === undefined) throw notFound();
  const choice = choiceOf(poll, optionIds);
  if (await hasVoted(db, pollId, userId)) throw new ApiError(Ret.PollAlreadyVoted, PollTexts.AlreadyVoted);
  if (poll.ends_at.getTime() <= now) throw new ApiError(Ret.PollEnded, PollTexts.Ended);
  if (!(await castBallot(db, pollId, userId, choice, new Date(now)))) {
    if (await hasVoted(db, pollId, userId)) throw new ApiError(Ret.PollAlreadyVoted, PollTexts.AlreadyVoted);
    const still = await findPollRow(db, pollId);
    throw still === undefined ? notFound() : new ApiError(Ret.PollEnded, PollTexts.Ended);
  }
  return pollOf(db, pollId, userId, now);
}

/** The poll if it exists and is the caller's; 8200 / 8203 otherwise. */
async function ownPoll(db: Database, userId: number, pollId: number): Promise<PollRow> {
  const poll = await findPollRow(db, pollId);
  if (poll === undefined) throw notFound();
  if (poll.owner_id !== userId) throw new ApiError(Ret.PollNotOwner, PollTexts.NotOwner);
  return poll;
}

/** EndVote: the owner ends their poll now (already ended: answered as it is). */
export async function endOwnPoll(db: Database, userId: number, pollId: number, now: number): Promise<Poll> {
  await ownPoll(db, userId, pollId);
  await endPoll(db, pollId, userId, new Date(now));
  return pollOf(db, pollId, userId, now);
}

/** DelVote: the owner deletes their poll with its votes. */
export async function deleteOwnPoll(db: Database, userId: number, pollId: number): Promise<void> {
  await ownPoll(db, userId, pollId);
  if (!(await deletePoll(db, pollId, userId))) throw notFound();
}
