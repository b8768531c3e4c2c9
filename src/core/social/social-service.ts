import type { ApiClient } from '../request/api-client.ts';
import type { ListedUser, UserPage } from '../shared-kernel/listed-user.ts';
import { SocialCalls, type BlockStatus } from './social-protocol.ts';
import { SocialLimits, isReportReason, reportContentProblem } from './social-rules.ts';
import { SocialTexts } from './social-texts.ts';

/** A change of relation made through this service, for every button and screen showing that user. */
export type RelationChange = { uid: number; kind: 'follow'; selected: boolean } | { uid: number; kind: 'block'; status: BlockStatus };

export type UserListKind = 'blacklist' | 'fans' | 'focus';

const LISTS = {
  blacklist: SocialCalls.blackList,
  fans: SocialCalls.fansList,
  focus: SocialCalls.focusList,
} as const satisfies Record<UserListKind, unknown>;

export type ReportOutcome = { kind: 'reported'; message: string } | { kind: 'invalid'; message: string } | { kind: 'failed' };

/**
 * Follow, block and report through the API. Follow and block answers are toasted by the request layer
 * (notice), errors by its error toasts; every change is announced to `onRelationChanged` listeners.
 */
export class SocialService {
  private readonly listeners = new Set<(change: RelationChange) => void>();

  constructor(private readonly api: ApiClient) {}

  onRelationChanged(listener: (change: RelationChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** FocusUPMaster: toggles the follow; answers the server's data.selected (msg toasted). Throws ApiError. */
  async toggleFollow(uid: number): Promise<boolean> {
    const { selected } = await this.api.request(SocialCalls.follow, { userId: uid }, { notice: true });
    this.emit({ uid, kind: 'follow', selected });
    return selected;
  }

  /** preventUser: 1 blocks, 0 unblocks; answers the server's status (msg toasted). Throws ApiError. */
  async setBlocked(uid: number, status: BlockStatus): Promise<BlockStatus> {
    const { status: answered } = await this.api.request(SocialCalls.block, { uid, status }, { notice: true });
    this.emit({ uid, kind: 'block', status: answered });
    return answered;
  }

  /** One page of the blacklist, my fans or whom I follow (newest first). */
  async list(kind: UserListKind, page: number, pageSize: number = SocialLimits.defaultPageSize): Promise<UserPage> {
    return this.api.request(LISTS[kind], { page, pageSize });
  }

  /** A user as I see them (a visitor: all flags 0); null for an unreadable answer. Throws ApiError. */
  async relation(uid: number, options: { suppressTips?: boolean } = {}): Promise<ListedUser | null> {
    return this.api.request(SocialCalls.relation, { uid }, options);
  }

  /** ReportUserReq with one of the offered reasons and an optional description (at most 200 characters). */
  async report(uid: number, reason: string | null, content: string): Promise<ReportOutcome> {
    if (reason === null || !isReportReason(reason)) return { kind: 'invalid', message: SocialTexts.chooseReason };
    const problem = reportContentProblem(content);
    if (problem !== null) return { kind: 'invalid', message: problem };
    const description = content.trim();
    try {
      await this.api.request(SocialCalls.report, { uid, reason, ...(description ? { content: description } : {}) });
      return { kind: 'reported', message: SocialTexts.reportedToast };
    } catch {
      return { kind: 'failed' };
    }
  }

  private emit(change: RelationChange): void {
    for (const listener of [...this.listeners]) listener(change);
  }
}
