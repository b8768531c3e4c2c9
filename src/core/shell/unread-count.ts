import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { ShellCalls } from './shell-protocol.ts';

/** The logged-in user's unread message count (GET /api/user/GetUserMegCount); visitors have none and never ask. */
export class UnreadCountService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
  ) {}

  /** The count now; null when the call failed (keep the last known count). Errors show no toast. */
  async fetch(): Promise<number | null> {
    if (!this.session.user()) return 0;
    try {
      return (await this.api.request(ShellCalls.unreadCount, {}, { suppressTips: true })).count;
    } catch {
      return this.session.user() ? null : 0;
    }
  }
}
