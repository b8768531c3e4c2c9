import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { MovieRequestCalls, type MovieKind } from '../../src/core/movie-requests/movie-requests-protocol.ts';
import { hotRequests, myRequests } from './movie-request-repository.ts';
import { MovieRequests } from './movie-requests.ts';

/** 求片 (/seekingMovies): filing, 同求, the caller's requests and the open ones (movie-requests.ts). */
export function registerMovieRequestRoutes(api: ApiRouter, services: AppServices): void {
  const requests = new MovieRequests(services);
  // The declaration held kind to one of MOVIE_KINDS.
  serve(api, MovieRequestCalls.file, 'required', ({ auth, input }) => requests.file(auth, { ...input, kind: input.kind as MovieKind }));
  serve(api, MovieRequestCalls.want, 'required', ({ auth, input }) => requests.want(auth, input.id));
  serve(api, MovieRequestCalls.mine, 'required', ({ auth, input }) => myRequests(services.db, auth.user.id, input.page, input.pageSize));
  serve(api, MovieRequestCalls.hot, 'optional', ({ auth, input }) => hotRequests(services.db, auth?.user.id ?? 0, input.page, input.pageSize));
}
