import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { ShellCalls } from './shell-protocol.ts';

/** Reads `{count}`: a whole number of unread messages, 0 for anything else. */
function parseUnreadCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const n = Number((value as Record<string, unknown>).count);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

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
      return parseUnreadCount(await this.api.request(ShellCalls.unreadCount, {}, { suppressTips: true }));
    } catch {
      return this.session.user() ? null : 0;
    }
  }
}
