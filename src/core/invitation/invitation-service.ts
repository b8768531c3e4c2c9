import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { InvitationCalls, type InvitationEntered, type InvitationInfo, type InviteePage } from './invitation-protocol.ts';
import { InvitationTexts } from './invitation-texts.ts';
import { InvitationRules, invitationLink, isInviteCodeShape, normalizeInviteCode } from './invitation-rules.ts';

/** Local storage key of the code an invitation link brought (kept until it is entered). */
export const INVITE_CODE_KEY = 'inviteCode';

const InvitationServiceTexts = {
  codeShape: `请输入${InvitationRules.codeLength}位邀请码`,
  failed: '提交失败，请稍后再试',
} as const;

export type EntryOutcome = { ok: true; entered: InvitationEntered } | { ok: false; message: string };

/**
 * Invitations on the app's side: the caller's code and link, their invitees page by page, entering a code (what is
 * plainly not a code is said before anything is sent; the server decides the rest), and the code an invitation link
 * brought to /register, kept until registering (or /inputInvitationCode) enters it.
 */
export class InvitationService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
    private readonly store: KeyValueStore,
    /** The app page's origin, which the invitation link opens ('' headless: the link is a path). */
    private readonly pageOrigin: string,
  ) {}

  /** The caller's code, totals and invitee side; null when it could not be had (the request layer said why). */
  async info(): Promise<InvitationInfo | null> {
    try {
      return await this.api.request(InvitationCalls.info, {});
    } catch {
      return null;
    }
  }

  /** One page of the caller's invitees, newest first (an ApiError when it could not be had: the request layer said why). */
  invitees(page: number, pageSize: number): Promise<InviteePage> {
    return this.api.request(InvitationCalls.invitees, { page, pageSize });
  }

  /** The invitation link for a code: /register on this app with the code. */
  link(code: string): string {
    return invitationLink(this.pageOrigin, code);
  }

  /**
   * Enters a code for the signed-in account. The server's refusals come back as the outcome's message (no toast:
   * the page shows it); on success the stored user's gold is the new balance and a remembered link code is spent.
   */
  async enter(typed: string): Promise<EntryOutcome> {
    const code = normalizeInviteCode(typed);
    if (code === '') return { ok: false, message: InvitationTexts.CodeMissing };
    if (!isInviteCodeShape(code)) return { ok: false, message: code.length === InvitationRules.codeLength ? InvitationTexts.CodeNotFound : InvitationServiceTexts.codeShape };
    try {
      const entered = await this.api.request(InvitationCalls.enter, { inviteCode: code }, { suppressTips: true });
      this.keepBalance(entered.balance);
      this.store.remove(INVITE_CODE_KEY);
      return { ok: true, entered };
    } catch (error) {
      return { ok: false, message: error instanceof ApiError && error.msg ? error.msg : InvitationServiceTexts.failed };
    }
  }

  /** Keeps the code a link brought (`?inviteCode=`), when it looks like one; answers the code kept ('' for none). */
  rememberLinkCode(raw: string | undefined): string {
    const code = normalizeInviteCode(raw ?? '');
    if (isInviteCodeShape(code)) this.store.set(INVITE_CODE_KEY, code);
    return this.rememberedCode();
  }

  /** The code a link brought and that was not entered yet, or ''. */
  rememberedCode(): string {
    return this.store.get(INVITE_CODE_KEY) ?? '';
  }

  /** The stored user carries the gold balance (/user and /myGold show it): keep it current. */
  private keepBalance(balance: number): void {
    const user = this.session.user();
    if (user && user.gold !== balance) this.session.signedIn({ ...user, gold: balance });
  }
}
