import {
  MovieRequestCalls,
  MovieRequestRet,
  type MovieKind,
  type MovieRequest,
  type MovieRequestPage,
  type MovieRequestState,
  type RequestedVideo,
} from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { MovieRequestLimits, MovieRequestTexts } from '../../src/core/movie-requests/movie-requests-texts.ts';
import { titleKey } from '../../src/core/movie-requests/title-rules.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** A request as the imitation holds it: who wants it, in the order they joined (the filer first). */
interface FakeMovieRequest {
  id: number;
  uid: number;
  title: string;
  year: number;
  kind: MovieKind;
  note: string;
  state: MovieRequestState;
  video: RequestedVideo | null;
  wantedBy: { uid: number; at: number }[];
  time: number;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeMovieRequestsState {
  readonly requests: FakeMovieRequest[];
  /** The catalogue's long-form videos a title is looked up in. */
  readonly catalogue: { mediaKey: string; title: string; year: number }[];
  /** The operator's decision (the server's setRequestState). */
  setState(id: number, state: MovieRequestState, video?: RequestedVideo): void;
}

export interface FakeMovieRequestsOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
  /** Unix ms (the day's allowance, the request's time); Date.now when left out. */
  now?: () => number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const chinaDayStart = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;

/**
 * An in-memory imitation of the reference server's movie request calls, answering what movie-requests-protocol.ts
 * declares (test/contract/movie-requests-protocol.test.ts runs one suite against it and the real server).
 */
export function installFakeMovieRequestsApi(http: FakeHttp, options: FakeMovieRequestsOptions): FakeMovieRequestsState {
  const now = options.now ?? (() => Date.now());
  let nextId = 1;
  const state: FakeMovieRequestsState = {
    requests: [],
    catalogue: [],
    setState(id, to, video) {
      const request = state.requests.find((r) => r.id === id);
      if (!request) return;
      request.state = to;
      request.video = to === 'online' ? (video ?? null) : null;
    },
  };

  const { serve } = fakeApi(http, { caller: options.caller });

  const view = (request: FakeMovieRequest, uid: number): MovieRequest => ({
    id: request.id,
    title: request.title,
    year: request.year,
    kind: request.kind,
    note: request.note,
    state: request.state,
    video: request.state === 'online' ? request.video : null,
    wants: request.wantedBy.length,
    wanted: request.wantedBy.some((w) => w.uid === uid),
    mine: request.uid === uid,
    time: request.time,
  });
  const page = (list: FakeMovieRequest[], uid: number, input: { page: number; pageSize: number }): MovieRequestPage => ({
    list: list.slice((input.page - 1) * input.pageSize, input.page * input.pageSize).map((r) => view(r, uid)),
    page: input.page,
    pageSize: input.pageSize,
    total: list.length,
  });
  const openRequest = (key: string, year: number) => state.requests.find((r) => r.state === 'pending' && r.year === year && titleKey(r.title) === key);

  serve(MovieRequestCalls.file, 'required', (input, uid) => {
    const key = titleKey(input.title);
    if (key === '') return fail(MovieRequestRet.TitleInvalid, MovieRequestTexts.TitleInvalid);
    const year = input.year ?? 0;
    const video = state.catalogue.find((v) => titleKey(v.title) === key && (year === 0 || v.year === 0 || v.year === year));
    if (video) return ok({ outcome: 'exists', video: { mediaKey: video.mediaKey, title: video.title } }, MovieRequestTexts.Exists);
    const open = openRequest(key, year);
    if (open) {
      if (open.wantedBy.some((w) => w.uid === uid)) return fail(MovieRequestRet.AlreadyWanted, MovieRequestTexts.AlreadyWanted);
      open.wantedBy.push({ uid, at: now() });
      return ok({ outcome: 'merged', request: view(open, uid) }, MovieRequestTexts.Merged);
    }
    const today = chinaDayStart(now());
    if (state.requests.filter((r) => r.uid === uid && r.time >= today).length >= MovieRequestLimits.perDay) {
      return fail(MovieRequestRet.DayLimit, MovieRequestTexts.DayLimit);
    }
    const request: FakeMovieRequest = {
      id: nextId++,
      uid,
      title: input.title,
      year,
      kind: input.kind as MovieKind,
      note: input.note ?? '',
      state: 'pending',
      video: null,
      wantedBy: [{ uid, at: now() }],
      time: now(),
    };
    state.requests.push(request);
    return ok({ outcome: 'filed', request: view(request, uid) }, MovieRequestTexts.Filed);
  });

  serve(MovieRequestCalls.want, 'required', (input, uid) => {
    const request = state.requests.find((r) => r.id === input.id && r.state === 'pending');
    if (!request) return fail(MovieRequestRet.NotFound, MovieRequestTexts.NotFound);
    if (request.wantedBy.some((w) => w.uid === uid)) return fail(MovieRequestRet.AlreadyWanted, MovieRequestTexts.AlreadyWanted);
    request.wantedBy.push({ uid, at: now() });
    return ok({ id: request.id, wants: request.wantedBy.length, wanted: true }, MovieRequestTexts.Wanted);
  });

  serve(MovieRequestCalls.mine, 'required', (input, uid) => {
    const joinedAt = (r: FakeMovieRequest) => r.wantedBy.find((w) => w.uid === uid)?.at ?? 0;
    const mine = state.requests.filter((r) => r.wantedBy.some((w) => w.uid === uid)).sort((a, b) => joinedAt(b) - joinedAt(a) || b.id - a.id);
    return ok(page(mine, uid, input));
  });

  serve(MovieRequestCalls.hot, 'optional', (input, uid) =>
    ok(page(state.requests.filter((r) => r.state === 'pending').sort((a, b) => b.wantedBy.length - a.wantedBy.length || b.id - a.id), uid ?? 0, input)),
  );

  return state;
}
