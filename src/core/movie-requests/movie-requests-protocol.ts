/**
 * Movie requests' calls (求片, /seekingMovies), declared once (src/core/request/protocol.ts): the app's
 * MovieRequestsService sends them, the reference server (server/movie-requests/routes.ts) serves them, the fake
 * (adapters/http/fake-movie-requests-api.ts) answers them; test/contract/movie-requests-protocol.test.ts runs one
 * suite against both. The paths are the app's own (the spec names the route, not its calls).
 */
import { literal, object, picklist, variant, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { pageOf } from '../shared-kernel/video.ts';
import { MovieRequestLimits, MovieRequestTexts } from './movie-requests-texts.ts';

/** What is asked for: 电影, 电视剧, 综艺, 动漫, 纪录片, 其他. */
export const MOVIE_KINDS = ['movie', 'drama', 'variety', 'anime', 'documentary', 'other'] as const;
export type MovieKind = (typeof MOVIE_KINDS)[number];

/** A request's state: 待处理, 已上线 (with the video), 暂无片源. */
export const MOVIE_REQUEST_STATES = ['pending', 'online', 'unavailable'] as const;
export type MovieRequestState = (typeof MOVIE_REQUEST_STATES)[number];

/** The answer codes of movie requests' calls that the app handles itself. */
export const MovieRequestRet = {
  /** AddSeekMovie: the day's new requests are used up. */
  DayLimit: 8240,
  /** WantSeekMovie: no open request with that id (none, or already handled). */
  NotFound: 8241,
  /** WantSeekMovie: the caller already wants it (filed it, seconded it or filed the same title). */
  AlreadyWanted: 8242,
  /** AddSeekMovie: the title is empty once spaces and punctuation are left out. */
  TitleInvalid: 8243,
} as const;

/** The video a request leads to (已上线), or the catalogue's video with the title asked for: unreadable without a key. */
const requestedVideo = object({ mediaKey: wire.key, title: wire.text });

export type RequestedVideo = InferOutput<typeof requestedVideo>;

/**
 * A request as every list answers it: year 0 when not given; 已上线 with its video (otherwise null); how many users
 * want it, the filer included; whether the caller wants it (filed, seconded or merged into it; false for a visitor)
 * and filed it; when it was filed (Unix ms). Without an id it is unreadable (left out of a list); an unknown kind
 * reads as 其他, an unknown state as 待处理.
 */
const movieRequest = object({
  id: wire.id,
  title: wire.text,
  year: wire.amount(),
  kind: wire.oneOf(MOVIE_KINDS, 'other'),
  note: wire.text,
  state: wire.oneOf(MOVIE_REQUEST_STATES, 'pending'),
  video: wire.orNull(requestedVideo),
  wants: wire.count,
  wanted: wire.flag,
  mine: wire.flag,
  time: wire.amount(),
});

export type MovieRequest = InferOutput<typeof movieRequest>;

const movieRequestPage = pageOf(movieRequest);

export type MovieRequestPage = InferOutput<typeof movieRequestPage>;

/**
 * AddSeekMovie's outcome: filed (a new request), merged (the caller now wants an open request for the same title and
 * year), exists (the catalogue has the title: nothing filed, `video` to watch).
 */
const seekOutcome = variant('outcome', [
  object({ outcome: picklist(['filed', 'merged']), request: movieRequest }),
  object({ outcome: literal('exists'), video: requestedVideo }),
]);

export type SeekOutcome = InferOutput<typeof seekOutcome>;

/** WantSeekMovie: the request's count now. */
const wantCounted = object({ id: wire.id, wants: wire.count, wanted: wire.isTrue });

export type WantCounted = InferOutput<typeof wantCounted>;

const paging = {
  page: { kind: 'int', min: 1, max: MovieRequestLimits.maxPage, fallback: 1 },
  pageSize: {
    kind: 'int',
    min: 1,
    max: MovieRequestLimits.maxPageSize,
    fallback: MovieRequestLimits.defaultPageSize,
    rangeMessage: `每页数量为1-${MovieRequestLimits.maxPageSize}`,
  },
} as const;

export const MovieRequestCalls = {
  /** Files a request (or joins the open one for the same title and year, or points at the catalogue's video). Signed in only. */
  file: call({
    method: 'POST',
    path: '/api/SeekMovie/AddSeekMovie',
    carrier: 'form',
    params: {
      title: { kind: 'text', max: MovieRequestLimits.maxTitle, trim: true, badMessage: MovieRequestTexts.TitleLong },
      year: { kind: 'int', min: MovieRequestLimits.minYear, max: MovieRequestLimits.maxYear, optional: true, emptyIsNone: true, rangeMessage: MovieRequestTexts.YearInvalid },
      kind: { kind: 'text', max: 16, oneOf: MOVIE_KINDS, badMessage: MovieRequestTexts.KindInvalid },
      note: { kind: 'text', max: MovieRequestLimits.maxNote, trim: true, optional: true, badMessage: MovieRequestTexts.NoteLong },
    },
    answer: seekOutcome,
    refusals: [MovieRequestRet.DayLimit, MovieRequestRet.AlreadyWanted, MovieRequestRet.TitleInvalid],
  }),
  /** The requests the caller wants (filed or joined), most recently joined first, with their states. Signed in only. */
  mine: call({ method: 'GET', path: '/api/SeekMovie/MySeekMovies', carrier: 'query', params: paging, answer: movieRequestPage }),
  /** 热门求片: the open requests, most wanted first. Visitors may look. */
  hot: call({ method: 'GET', path: '/api/SeekMovie/HotSeekMovies', carrier: 'query', params: paging, answer: movieRequestPage }),
  /** 同求: the caller wants an open request too, once (again: 8242). Signed in only. */
  want: call({
    method: 'GET',
    path: '/api/SeekMovie/WantSeekMovie',
    carrier: 'query',
    params: { id: { kind: 'id' } },
    answer: wantCounted,
    refusals: [MovieRequestRet.AlreadyWanted],
  }),
} as const;
