import { PollCalls } from '../../src/core/votes/votes-protocol.ts';
import { PollTexts } from '../../src/core/votes/votes-texts.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret } from '../http/ret.ts';
import type { RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { findPollIdOf, findTarget, ownPolls } from './poll-repository.ts';
import { createPoll, deleteOwnPoll, endOwnPoll, pollOf, vote } from './polls.ts';

const MINUTE = 60 * 1000;

/** Polls one user may make a day (a person makes a few; a script is stopped). */
const POLLS_PER_DAY: RateLimitRule = { name: 'poll:create', max: 20, windowMs: 24 * 60 * MINUTE };
/** VoteLike calls one user may make a minute (poll ids are guessable: voting on every poll is throttled). */
const VOTES_PER_MINUTE: RateLimitRule = { name: 'poll:vote', max: 60, windowMs: MINUTE };

/**
 * Polls (投票): CreateVote on one's own post or video, VoteDetail (the poll of a post or video), VoteLike (vote once),
 * MyVotes (/voteManage), EndVote and DelVote (the owner's only).
 */
export function registerVotesRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, limiter } = services;
  const tooFrequent = () => new ApiError(Ret.TooManyRequests, '操作过于频繁，请稍后再试');

  /** Attaches a poll to the caller's own post or video: the poll as its owner sees it. */
  serve(api, PollCalls.create, 'required', async ({ auth, input }) => {
    const poll = await createPoll(db, auth.user.id, input, clock.now(), async () => {
      if (!(await limiter.take(POLLS_PER_DAY, String(auth.user.id)))) throw new ApiError(Ret.PollTooMany, PollTexts.TooMany);
    });
    return ok(poll, PollTexts.Created);
  });

  /** The poll of a post or video as the caller sees it (counts once voted, ended or their own), or null. */
  serve(api, PollCalls.detail, 'optional', async ({ auth, input }) => {
    const target = await findTarget(db, input.targetType === 'post' ? 'post' : 'video', input.targetId);
    if (target === undefined) throw new ApiError(Ret.PollTargetNotFound, PollTexts.TargetNotFound);
    const id = await findPollIdOf(db, input.targetType === 'post' ? 'post' : 'video', target.id);
    return id === undefined ? null : pollOf(db, id, auth?.user.id ?? null, clock.now());
  });

  /** Votes once while the poll is open: the poll with its results. */
  serve(api, PollCalls.vote, 'required', async ({ auth, input }) => {
    if (!(await limiter.take(VOTES_PER_MINUTE, String(auth.user.id)))) throw tooFrequent();
    return ok(await vote(db, auth.user.id, input.voteId, input.optionIds, clock.now()), PollTexts.Voted);
  });

  /** The caller's polls, newest first. */
  serve(api, PollCalls.mine, 'required', ({ auth, input }) => ownPolls(db, auth.user.id, input.page, input.pageSize, new Date(clock.now())));

  serve(api, PollCalls.end, 'required', async ({ auth, input }) => ok(await endOwnPoll(db, auth.user.id, input.voteId, clock.now()), PollTexts.EndedNow));

  serve(api, PollCalls.remove, 'required', async ({ auth, input }) => {
    await deleteOwnPoll(db, auth.user.id, input.voteId);
    return ok(true as const, PollTexts.Deleted);
  });
}
