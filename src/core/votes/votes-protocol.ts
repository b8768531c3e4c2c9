/**
 * Polls' (投票) calls, declared once (src/core/request/protocol.ts): the app's PollService sends them, the reference
 * server (server/votes/routes.ts) serves them, the fake (adapters/http/fake-votes-api.ts) answers them, and
 * test/contract/votes-protocol.test.ts runs one suite against both. The spec names VoteLike (GET /api/Video/VoteLike)
 * beside the video's like calls; the others are decided (docs: notes-votes) and live beside it.
 */
import { object, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call, json } from '../request/protocol.ts';
import { PollLimits, PollTexts } from './votes-texts.ts';

/** The longest media key a video can have. */
const MAX_MEDIA_KEY = 64;

/** What a poll is attached to: a post (its id) or a video (its media key). */
export const PollTarget = { Post: 'post', Video: 'video' } as const;
export type PollTarget = (typeof PollTarget)[keyof typeof PollTarget];

/** The answer codes of polls' calls that the app handles itself. */
export const PollRet = {
  /** No such poll (or deleted). */
  NotFound: 8200,
  /** VoteLike after the end. */
  Ended: 8201,
  /** VoteLike a second time. */
  AlreadyVoted: 8202,
  /** CreateVote on another user's post or video; EndVote, DelVote on another user's poll. */
  NotOwner: 8203,
  /** CreateVote on a post or video that has a poll already. */
  TargetHasPoll: 8204,
  /** CreateVote: no such post or video. */
  TargetNotFound: 8205,
  /** CreateVote: too many polls made today. */
  TooMany: 8206,
} as const;

/** A count hidden as null (absent or null), else a whole number of 0 or more. */
const countOrNull = wire.lenientAnswer((value) => (value === null || value === undefined ? null : wire.countOf(value)));

/** What a poll hangs on: a video, else a post. */
const pollTarget = wire.oneOf([PollTarget.Post, PollTarget.Video], PollTarget.Post);

/**
 * One option of a poll: its id 1-based, in the order the owner wrote them; its votes null while the caller may not see
 * results (not voted, not ended, not the owner). Without an id it is left out.
 */
const pollOption = object({ id: wire.wholeId, text: wire.text, count: countOrNull });

export type PollOption = InferOutput<typeof pollOption>;

/**
 * A poll as VoteDetail, CreateVote, VoteLike and EndVote answer it: targetId the post id (as text) or the video's
 * media key; 多选 (multiple) lets more than one option be chosen; endTime in Unix milliseconds (when it ends, or ended
 * early); voters null while results are hidden; myChoice the option ids the caller chose (empty when they have not
 * voted, or a visitor). Without an id it is unreadable.
 */
const poll = object({
  id: wire.wholeId,
  targetType: pollTarget,
  targetId: wire.text,
  ownerUid: wire.whole,
  question: wire.text,
  multiple: wire.flag,
  endTime: wire.whole,
  ended: wire.flag,
  voters: countOrNull,
  options: wire.items(pollOption),
  myChoice: wire.lenientAnswer((value) => wire.listOf(value).map((id) => wire.wholeOf(id)).filter((id) => id > 0)),
});

export type Poll = InferOutput<typeof poll>;

/** A poll, or null: none (VoteDetail of a post or video without one), or an answer that does not read. */
const pollOrNull = wire.orNull(poll);

/**
 * One of the caller's polls as MyVotes lists it: targetTitle the post's text or the video's title, createdTime in Unix
 * milliseconds. Without an id it is left out.
 */
const pollSummary = object({
  id: wire.wholeId,
  targetType: pollTarget,
  targetId: wire.text,
  targetTitle: wire.text,
  question: wire.text,
  voters: wire.count,
  ended: wire.flag,
  endTime: wire.whole,
  createdTime: wire.whole,
});

export type PollSummary = InferOutput<typeof pollSummary>;

/** MyVotes: a page of the caller's polls (page and pageSize 0 when the answer gives none: the page asked for then). */
const pollPage = object({ list: wire.items(pollSummary), page: wire.whole, pageSize: wire.whole, total: wire.count });

export type PollPage = InferOutput<typeof pollPage>;

const target = {
  targetType: { kind: 'text', max: 5, oneOf: [PollTarget.Post, PollTarget.Video] },
  targetId: { kind: 'text', max: MAX_MEDIA_KEY, trim: true },
} as const;
const voteId = { voteId: { kind: 'id' } } as const;

export const PollCalls = {
  /**
   * Decided: attaches a poll to the caller's own post or video (one per post or video). A form body; the options
   * travel as one field of JSON text (a list of strings). Signed in only.
   */
  create: call({
    method: 'POST',
    path: '/api/Video/CreateVote',
    carrier: 'form',
    params: {
      ...target,
      question: { kind: 'text', max: 200, trim: true },
      options: json<readonly string[]>(),
      multiple: { kind: 'int', min: 0, max: 1, fallback: 0 },
      endTime: { kind: 'int', min: 0, max: 9_999_999_999_999, wide: true },
    },
    answer: pollOrNull,
  }),
  /** Decided: the poll of a post or video, or null when it has none. Visitors may ask. */
  detail: call({
    method: 'GET',
    path: '/api/Video/VoteDetail',
    carrier: 'query',
    params: target,
    answer: pollOrNull,
  }),
  /** Votes once (spec §7): one option, or several in a 多选 poll. Answers the poll with its results. Signed in only. */
  vote: call({
    method: 'GET',
    path: '/api/Video/VoteLike',
    carrier: 'query',
    params: {
      ...voteId,
      optionIds: { kind: 'list', maxItems: PollLimits.maxOptions, maxLength: 3, tooManyMessage: PollTexts.ChoiceInvalid },
    },
    answer: pollOrNull,
  }),
  /** Decided: the caller's polls, newest first. Signed in only. */
  mine: call({
    method: 'GET',
    path: '/api/Video/MyVotes',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: PollLimits.maxPage, fallback: 1 },
      pageSize: { kind: 'int', min: 1, max: PollLimits.maxPageSize, fallback: PollLimits.defaultPageSize, rangeMessage: `每页数量为1-${PollLimits.maxPageSize}` },
    },
    answer: pollPage,
  }),
  /** Decided: ends one's own poll now (again: answers it as it is). */
  end: call({ method: 'GET', path: '/api/Video/EndVote', carrier: 'query', params: voteId, answer: pollOrNull }),
  /** Decided: deletes one's own poll with its votes (data true, not read). */
  remove: call({ method: 'GET', path: '/api/Video/DelVote', carrier: 'query', params: voteId, answer: wire.isTrue }),
} as const;
