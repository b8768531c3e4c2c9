import type { Container } from 'inversify';
import { MovieRequestsService } from '../core/movie-requests/movie-requests-service.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { MovieRequestsModel, MovieRequestsViewModel } from '../ui/movie-requests/movie-requests-view-model.ts';

/** 求片 (/seekingMovies): the service and the screen's view-model. */
export function bindMovieRequests(container: Container): void {
  container
    .bind(MovieRequestsService)
    .toDynamicValue((ctx) => new MovieRequestsService(ctx.get(ApiClient), ctx.get(UserSession)))
    .inSingletonScope();
  bindViewModel(container, MovieRequestsModel, (c) => new MovieRequestsViewModel(c.get(MovieRequestsService), c.get<Navigator>(Navigator), c.get(SessionModel)));
}
