import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { GoldCalls, GoldRet, type GoldRecordPage, type GoldShortfall } from './gold-protocol.ts';
import { GoldLimits } from './gold-rules.ts';
import { GoldTexts } from './gold-texts.ts';

export type { GoldRecord, GoldRecordPage } from './gold-protocol.ts';

/** A video's price and whether the caller may play it, with the caller's balance (null for a visitor). */
export interface GoldAccess {
  price: number;
  unlocked: boolean;
  balance: number | null;
  /** The video's cover ('' when unknown). */
  cover: string;
}

export type UnlockOutcome =
  /** Unlocked now (paid > 0), or it was already (paid 0, nothing debited); the server's message was toasted. */
  | { kind: 'unlocked'; paid: number; balance: number; alreadyUnlocked: boolean }
  /** The balance is below the price: the server's message (金币不足，当前余额N金币). */
  | { kind: 'insufficient'; price: number; balance: number; message: string }
  /** A free video: nothing to unlock. */
  | { kind: 'free'; message: string }
  /** A visitor: log in first. */
  | { kind: 'login' }
  /** Any other failure (the request layer toasted it). */
  | { kind: 'failed'; message: string };

/**
 * Gold: what a video costs and whether it is open to the user, unlocking it (one request in flight per
 * video however often the button is tapped; the balance kept in the stored user), and the history of /myGold.
 */
export class GoldService {
  private readonly unlocking = new Map<string, Promise<UnlockOutcome>>();

  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
  ) {}

  loggedIn(): boolean {
    return this.session.user() !== null;
  }

  /** FilterVideoByGold for one video; null when the answer cannot be read. Errors are not shown. */
  async access(mediaKey: string): Promise<GoldAccess | null> {
    const read = await this.api.request(GoldCalls.paidVideos, { mediaKeys: [mediaKey] }, { suppressTips: true });
    if (!read) return null;
    const { list, balance } = read;
    const entry = list.find((item) => item.mediaKey === mediaKey);
    if (balance !== null) this.keepBalance(balance);
    if (!entry) return { price: 0, unlocked: true, balance, cover: '' };
    return { price: entry.price, unlocked: entry.unlocked, balance, cover: entry.cover };
  }

  /** Whether an unlock of this video is on its way (the button shows it). */
  isUnlocking(mediaKey: string): boolean {
    return this.unlocking.has(mediaKey);
  }

  /**
   * PayVideoByGold. A visitor is told to log in (nothing sent). A second tap while the first is on its way
   * gets the same answer without a second request.
   */
  unlock(mediaKey: string): Promise<UnlockOutcome> {
    if (!this.loggedIn()) return Promise.resolve({ kind: 'login' });
    const running = this.unlocking.get(mediaKey);
    if (running) return running;
    const request = this.pay(mediaKey).finally(() => this.unlocking.delete(mediaKey));
    this.unlocking.set(mediaKey, request);
    return request;
  }

  /** One page of the history (newest first) with the balance. Throws ApiError. */
  async records(page: number, pageSize: number = GoldLimits.recordsPageSize): Promise<GoldRecordPage> {
    const data = await this.api.request(GoldCalls.records, { page, pageSize });
    this.keepBalance(data.balance);
    // An entry that moved no gold says nothing: it is not listed.
    return { ...data, list: data.list.filter((entry) => entry.amount !== 0) };
  }

  private async pay(mediaKey: string): Promise<UnlockOutcome> {
    try {
      const data = await this.api.request(GoldCalls.unlock, { mediaKey }, { notice: true });
      this.keepBalance(data.balance);
      return { kind: 'unlocked', paid: data.alreadyUnlocked ? 0 : data.paid, balance: data.balance, alreadyUnlocked: data.alreadyUnlocked };
    } catch (error) {
      if (!(error instanceof ApiError)) return { kind: 'failed', message: GoldTexts.unlockFailed };
      if (error.ret === GoldRet.Insufficient) {
        const shortfall = error.data as GoldShortfall;
        this.keepBalance(shortfall.balance);
        return { kind: 'insufficient', price: shortfall.price, balance: shortfall.balance, message: error.msg };
      }
      if (error.ret === GoldRet.NotForSale) return { kind: 'free', message: error.msg };
      return { kind: 'failed', message: error.msg || GoldTexts.unlockFailed };
    }
  }

  /** The stored user carries the balance (/user shows it): keep it current. */
  private keepBalance(balance: number): void {
    const user = this.session.user();
    if (user && user.gold !== balance) this.session.signedIn({ ...user, gold: balance });
  }
}
