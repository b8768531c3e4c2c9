import type { AppServices } from '../app-services.ts';
import type { AuthSession } from '../auth/sessions.ts';
import { chinaDayStart } from '../clock.ts';
import { ApiError } from '../http/api-error.ts';
import { ok, type ApiOk } from '../http/envelope.ts';
import { Ret } from '../http/ret.ts';
import type { RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { type MovieKind, type SeekOutcome, type WantCounted } from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { MovieRequestLimits, MovieRequestTexts } from '../../src/core/movie-requests/movie-requests-texts.ts';
import { titleKey } from '../../src/core/movie-requests/title-rules.ts';
import { findCatalogueVideo, findOpenRequestId, findRequest, insertRequest, joinRequest, lockFiler, requestsFiledSince } from './movie-request-repository.ts';

/** Filing and 同求 per user: a person taps a few times a minute; a script guessing ids is held here. */
const MOVIE_REQUEST_ACTIONS_PER_USER: RateLimitRule = { name: 'movie-request:user', max: 30, windowMs: 10 * 60 * 1000 };

export interface FileInput {
  title: string;
  year?: number;
  kind: MovieKind;
  note?: string;
}

/**
 * 求片: filing a request (or joining the open one for the same title and year, or pointing at the catalogue's video)
 * and 同求, each user once per request even when their taps race.
 */
export class MovieRequests {
  constructor(private readonly services: Pick<AppServices, 'db' | 'clock' | 'limiter'>) {}

  /**
   * The catalogue has the title: nothing filed, the video answered. An open request for the title and year: the caller
   * joins it (已有相同求片，已为你+1), or is told they wanted it already (8242). Otherwise a new request, within the
   * day's allowance (8240) — checked with the user's row locked, so parallel filings cannot pass it together.
   */
  async file(auth: AuthSession, input: FileInput): Promise<ApiOk<SeekOutcome>> {
    await this.holdFlood(auth.user.id);
    const { db, clock } = this.services;
    if (titleKey(input.title) === '') throw new ApiError(Ret.MovieRequestTitleInvalid, MovieRequestTexts.TitleInvalid);
    const year = input.year ?? 0;
    const video = await findCatalogueVideo(db, input.title, year);
    if (video) return ok({ outcome: 'exists', video }, MovieRequestTexts.Exists);
    const userId = auth.user.id;
    const at = new Date(clock.now());
    const joined = await db.transaction(async (tx) => {
      await lockFiler(tx, userId);
      const open = await findOpenRequestId(tx, titleKey(input.title), year);
      if (open !== null) return { id: open, outcome: await joinRequest(tx, open, userId, at) };
      if ((await requestsFiledSince(tx, userId, chinaDayStart(at.getTime()))) >= MovieRequestLimits.perDay) {
        throw new ApiError(Ret.MovieRequestDayLimit, MovieRequestTexts.DayLimit);
      }
      const inserted = await insertRequest(tx, { userId, title: input.title, year, kind: input.kind, note: input.note ?? '', at });
      // Another user opened the same title between the look and the insert: join theirs.
      const id = inserted ?? (await findOpenRequestId(tx, titleKey(input.title), year));
      if (id === null) throw new ApiError(Ret.MovieRequestNotFound, MovieRequestTexts.NotFound);
      const outcome = await joinRequest(tx, id, userId, at);
      return { id, outcome: inserted === null ? outcome : ('filed' as const) };
    });
    if (joined.outcome === 'already') throw new ApiError(Ret.MovieRequestAlreadyWanted, MovieRequestTexts.AlreadyWanted);
    if (joined.outcome === 'closed') throw new ApiError(Ret.MovieRequestNotFound, MovieRequestTexts.NotFound);
    const request = await findRequest(db, joined.id, userId);
    if (!request) throw new ApiError(Ret.MovieRequestNotFound, MovieRequestTexts.NotFound);
    return joined.outcome === 'filed' ? ok({ outcome: 'filed', request }, MovieRequestTexts.Filed) : ok({ outcome: 'merged', request }, MovieRequestTexts.Merged);
  }

  /** 同求: the caller wants an open request too, once; again is 8242, a handled or unknown one 8241. */
  async want(auth: AuthSession, id: number): Promise<ApiOk<WantCounted>> {
    await this.holdFlood(auth.user.id);
    const { db, clock } = this.services;
    const outcome = await db.transaction((tx) => joinRequest(tx, id, auth.user.id, new Date(clock.now())));
    if (outcome === 'already') throw new ApiError(Ret.MovieRequestAlreadyWanted, MovieRequestTexts.AlreadyWanted);
    if (outcome === 'closed') throw new ApiError(Ret.MovieRequestNotFound, MovieRequestTexts.NotFound);
    return ok({ id, wants: outcome, wanted: true }, MovieRequestTexts.Wanted);
  }

  private async holdFlood(userId: number): Promise<void> {
    if (!(await this.services.limiter.take(MOVIE_REQUEST_ACTIONS_PER_USER, String(userId)))) {
      throw new ApiError(Ret.TooManyAttempts, MovieRequestTexts.TooFrequent);
    }
  }
}
