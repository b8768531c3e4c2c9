import { InteractionsCalls, InteractionKind } from '../../src/core/interactions/interactions-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { likeGroupPage, markRead, replyPage, unreadCounts } from './interactions-repository.ts';

/**
 * 收到的赞 and 评论和回复 (src/core/interactions/interactions-protocol.ts): the caller's own received likes and
 * comments, their unread counts, and marking a list read. Everything is the caller's own (the uid of the session).
 */
export function registerInteractionsRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  serve(api, InteractionsCalls.likes, 'required', ({ input: { page, pageSize }, auth }) => likeGroupPage(db, auth.user.id, page, pageSize));

  serve(api, InteractionsCalls.replies, 'required', ({ input: { page, pageSize }, auth }) => replyPage(db, auth.user.id, page, pageSize));

  serve(api, InteractionsCalls.unread, 'required', ({ auth }) => unreadCounts(db, auth.user.id));

  serve(api, InteractionsCalls.markRead, 'required', async ({ input, auth }) => {
    const kind = input.kind === InteractionKind.Reply ? InteractionKind.Reply : InteractionKind.Like;
    await markRead(db, auth.user.id, kind, new Date(clock.now()));
    return unreadCounts(db, auth.user.id);
  });
}
