import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { FocusCalls } from '../../src/core/focus/focus-protocol.ts';
import { focusUpdates } from './focus-updates.ts';

/** 更多关注 (/moreFocus): the followed users' videos and posts (focus-updates.ts). */
export function registerFocusRoutes(api: ApiRouter, services: AppServices): void {
  serve(api, FocusCalls.updates, 'required', ({ auth, input }) => focusUpdates(services.db, auth.user.id, input.page, input.pageSize, new Date(services.clock.now())));
}
