import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { SessionCalls } from '../../src/core/session/session-protocol.ts';
import { hasNewWorks } from './user-repository.ts';
import { toUserView } from './user-view.ts';

export function registerUserRoutes(api: ApiRouter, services: AppServices): void {
  const { clock, db } = services;

  /** The logged-in user, fresh from the database, with the token the call was made with. */
  serve(api, SessionCalls.userInfo, 'required', async ({ auth }) =>
    toUserView(auth.user, auth.token, clock.now(), { newWorks: await hasNewWorks(db, auth.user.id) }));
}
