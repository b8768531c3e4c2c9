import type { Socket } from '../ports/socket.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';
import type { ApiClient } from '../request/api-client.ts';
import { InteractionKind, InteractionsCalls, InteractionsEvents, type InteractionPage, type InteractionUnread, type LikeGroup, type ReceivedReply } from './interactions-protocol.ts';

/** Whoever shows the total unread count (the account tab): told to fetch it again once a list was read. */
export interface UnreadRefresh {
  requestRefresh(): void;
}

/**
 * 收到的赞 and 评论和回复: the pages of each list, and their unread counts. Reading a list's first page marks that
 * list read on the server (its rows still show as unread this once), and the total count is fetched again.
 */
export class InteractionsService {
  constructor(
    private readonly api: ApiClient,
    private readonly unread: UnreadRefresh,
  ) {}

  likes(page: number, pageSize: number): Promise<InteractionPage<LikeGroup>> {
    return this.opened(InteractionKind.Like, page, this.api.request(InteractionsCalls.likes, { page, pageSize }));
  }

  replies(page: number, pageSize: number): Promise<InteractionPage<ReceivedReply>> {
    return this.opened(InteractionKind.Reply, page, this.api.request(InteractionsCalls.replies, { page, pageSize }));
  }

  /** The message centre's two counts; zeros when the call fails (no toast). */
  async counts(): Promise<InteractionUnread> {
    try {
      return await this.api.request(InteractionsCalls.unread, {}, { suppressTips: true });
    } catch {
      return { likes: 0, replies: 0 };
    }
  }

  private async opened<T extends { unread: boolean }>(kind: InteractionKind, page: number, request: Promise<InteractionPage<T>>): Promise<InteractionPage<T>> {
    const answer = await request;
    if (page === 1 && answer.list.some((item) => item.unread)) void this.markRead(kind);
    return answer;
  }

  private async markRead(kind: InteractionKind): Promise<void> {
    try {
      await this.api.request(InteractionsCalls.markRead, { kind }, { suppressTips: true });
      this.unread.requestRefresh();
    } catch {
      // Still unread: the next opening marks it.
    }
  }
}

/**
 * The server's word that a new like or comment arrived (interactionNotice, over the socket the messaging connection
 * keeps signed in): the total count is fetched again, and whoever shows the two counts (/message) reads them again.
 */
export class InteractionNotices {
  private readonly listeners = new Set<() => void>();
  private off: Unsubscribe | null = null;

  constructor(
    private readonly socket: Pick<Socket, 'on'>,
    private readonly unread: UnreadRefresh,
  ) {}

  /** Listens from now on (idempotent); the returned function stops. */
  start(): () => void {
    this.off ??= this.socket.on(InteractionsEvents.notice, () => {
      this.unread.requestRefresh();
      for (const listener of [...this.listeners]) listener();
    });
    return () => {
      this.off?.();
      this.off = null;
    };
  }

  subscribe(listener: () => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
