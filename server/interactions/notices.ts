import type { AppServices } from '../app-services.ts';
import type { LikedKind } from '../../src/core/interactions/interactions-protocol.ts';
import { commentRecipients, likedAuthor } from './interactions-repository.ts';

type Services = Pick<AppServices, 'db' | 'realtime'>;

/**
 * Tells the users a new comment or like concerns, over the socket, that their 收到的赞 / 评论和回复 counts changed
 * (the app fetches them again). Fire and forget: a failure here never fails the comment or the like.
 */
export function announceComment(services: Services, commentId: number, author: number): void {
  void commentRecipients(services.db, commentId, author)
    .then((uids) => services.realtime.interactionNotice(uids))
    .catch(() => undefined);
}

export function announceLike(services: Services, kind: LikedKind, id: number, liker: number): void {
  void likedAuthor(services.db, kind, id, liker)
    .then((uids) => services.realtime.interactionNotice(uids))
    .catch(() => undefined);
}
