/**
 * Movie requests' calls (求片, /seekingMovies), declared once (src/core/request/protocol.ts): the app's
 * MovieRequestsService sends them, the reference server (server/movie-requests/routes.ts) serves them, the fake
 * (adapters/http/fake-movie-requests-api.ts) answers them; test/contract/movie-requests-protocol.test.ts runs one
 * suite against both. The paths are the app's own (the spec names the route, not its calls).
 */
import { call } from '../request/protocol.ts';
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

/** The video a request leads to (已上线), or the catalogue's video with the title asked for. */
export interface RequestedVideo {
  mediaKey: string;
  title: string;
}

/** A request as every list answers it. */
export interface MovieRequest {
  id: number;
  title: string;
  /** 0: not given. */
  year: number;
  kind: MovieKind;
  note: string;
  state: MovieRequestState;
  /** 已上线: the video; otherwise null. */
  video: RequestedVideo | null;
  /** How many users want it, the filer included. */
  wants: number;
  /** The caller wants it (filed, seconded or merged into it); false for a visitor. */
  wanted: boolean;
  /** The caller filed it. */
  mine: boolean;
  /** Filed, Unix ms. */
  time: number;
}

export interface MovieRequestPage {
  list: MovieRequest[];
  page: number;
  pageSize: number;
  total: number;
}

/**
 * AddSeekMovie's outcome: filed (a new request), merged (the caller now wants an open request for the same title and
 * year), exists (the catalogue has the title: nothing filed, `video` to watch).
 */
export type SeekOutcome = { outcome: 'filed' | 'merged'; request: MovieRequest } | { outcome: 'exists'; video: RequestedVideo };

/** WantSeekMovie: the request's count now. */
export interface WantCounted {
  id: number;
  wants: number;
  wanted: true;
}

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
  file: call<SeekOutcome>()({
    method: 'POST',
    path: '/api/SeekMovie/AddSeekMovie',
    carrier: 'form',
    params: {
      title: { kind: 'text', max: MovieRequestLimits.maxTitle, trim: true, badMessage: MovieRequestTexts.TitleLong },
      year: { kind: 'int', min: MovieRequestLimits.minYear, max: MovieRequestLimits.maxYear, optional: true, emptyIsNone: true, rangeMessage: MovieRequestTexts.YearInvalid },
      kind: { kind: 'text', max: 16, oneOf: MOVIE_KINDS, badMessage: MovieRequestTexts.KindInvalid },
      note: { kind: 'text', max: MovieRequestLimits.maxNote, trim: true, optional: true, badMessage: MovieRequestTexts.NoteLong },
    },
    refusals: [MovieRequestRet.DayLimit, MovieRequestRet.AlreadyWanted, MovieRequestRet.TitleInvalid],
  }),
  /** The requests the caller wants (filed or joined), most recently joined first, with their states. Signed in only. */
  mine: call<MovieRequestPage>()({ method: 'GET', path: '/api/SeekMovie/MySeekMovies', carrier: 'query', params: paging }),
  /** 热门求片: the open requests, most wanted first. Visitors may look. */
  hot: call<MovieRequestPage>()({ method: 'GET', path: '/api/SeekMovie/HotSeekMovies', carrier: 'query', params: paging }),
  /** 同求: the caller wants an open request too, once (again: 8242). Signed in only. */
  want: call<WantCounted>()({ method: 'GET', path: '/api/SeekMovie/WantSeekMovie', carrier: 'query', params: { id: { kind: 'id' } }, refusals: [MovieRequestRet.AlreadyWanted] }),
} as const;
