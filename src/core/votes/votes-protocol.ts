/**
 * Polls' (投票) calls, declared once (src/core/request/protocol.ts): the app's PollService sends them, the reference
 * server (server/votes/routes.ts) serves them, the fake (adapters/http/fake-votes-api.ts) answers them, and
 * test/contract/votes-protocol.test.ts runs one suite against both. The spec names VoteLike (GET /api/Video/VoteLike)
 * beside the video's like calls; the others are decided (docs: notes-votes) and live beside it.
 */
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

/** One option of a poll. */
export interface PollOption {
  /** 1-based, in the order the owner wrote them. */
  id: number;
  text: string;
  /** Votes for it; null while the caller may not see results (not voted, not ended, not the owner). */
  count: number | null;
}

/** A poll as VoteDetail, CreateVote, VoteLike and EndVote answer it. */
export interface Poll {
  id: number;
  targetType: PollTarget;
  /** The post id (as text) or the video's media key. */
  targetId: string;
  ownerUid: number;
  question: string;
  /** 多选: more than one option may be chosen. */
  multiple: boolean;
  /** Unix milliseconds: when it ends (or ended, when ended early). */
  endTime: number;
  ended: boolean;
  /** People who voted; null while results are hidden. */
  voters: number | null;
  options: PollOption[];
  /** The option ids the caller chose; empty when they have not voted (or a visitor). */
  myChoice: number[];
}

/** One of the caller's polls as MyVotes lists it. */
export interface PollSummary {
  id: number;
  targetType: PollTarget;
  targetId: string;
  /** What it is attached to: the post's text or the video's title. */
  targetTitle: string;
  question: string;
  voters: number;
  ended: boolean;
  endTime: number;
  /** Unix milliseconds. */
  createdTime: number;
}

export interface PollPage {
  list: PollSummary[];
  page: number;
  pageSize: number;
  total: number;
}

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
  create: call<Poll>()({
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
  }),
  /** Decided: the poll of a post or video, or null when it has none. Visitors may ask. */
  detail: call<Poll | null>()({
    method: 'GET',
    path: '/api/Video/VoteDetail',
    carrier: 'query',
    params: target,
  }),
  /** Votes once (spec §7): one option, or several in a 多选 poll. Answers the poll with its results. Signed in only. */
  vote: call<Poll>()({
    method: 'GET',
    path: '/api/Video/VoteLike',
    carrier: 'query',
    params: {
      ...voteId,
      optionIds: { kind: 'list', maxItems: PollLimits.maxOptions, maxLength: 3, tooManyMessage: PollTexts.ChoiceInvalid },
    },
  }),
  /** Decided: the caller's polls, newest first. Signed in only. */
  mine: call<PollPage>()({
    method: 'GET',
    path: '/api/Video/MyVotes',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: PollLimits.maxPage, fallback: 1 },
      pageSize: { kind: 'int', min: 1, max: PollLimits.maxPageSize, fallback: PollLimits.defaultPageSize, rangeMessage: `每页数量为1-${PollLimits.maxPageSize}` },
    },
  }),
  /** Decided: ends one's own poll now (again: answers it as it is). */
  end: call<Poll>()({ method: 'GET', path: '/api/Video/EndVote', carrier: 'query', params: voteId }),
  /** Decided: deletes one's own poll with its votes. */
  remove: call<true>()({ method: 'GET', path: '/api/Video/DelVote', carrier: 'query', params: voteId }),
} as const;
