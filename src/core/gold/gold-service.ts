import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../session/user-session.ts';
import { GoldLimits, GoldPaths, GoldRet, GoldTexts } from './gold-rules.ts';
import { fieldsOf, textOf, wholeOf } from '../request/answer-values.ts';

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

export interface GoldRecord {
  id: number;
  /** Signed: positive credits, negative debits. */
  amount: number;
  /** The balance right after. */
  balance: number;
  reason: string;
  mediaKey: string | null;
  videoTitle: string | null;
  note: string;
  /** Unix milliseconds. */
  time: number;
}

export interface GoldRecordPage {
  balance: number;
  list: GoldRecord[];
  total: number;
}

function parseRecord(value: unknown): GoldRecord | null {
  const raw = fieldsOf(value);
  const amount = wholeOf(raw.amount);
  if (amount === 0) return null;
  return {
    id: wholeOf(raw.id),
    amount,
    balance: Math.max(0, wholeOf(raw.balance)),
    reason: textOf(raw.reason),
    mediaKey: typeof raw.mediaKey === 'string' ? raw.mediaKey : null,
    videoTitle: typeof raw.videoTitle === 'string' ? raw.videoTitle : null,
    note: textOf(raw.note),
    time: wholeOf(raw.time),
  };
}

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
    const data = fieldsOf(await this.api.get(GoldPaths.filter, { mediaKeys: mediaKey }, { suppressTips: true }));
    if (!Array.isArray(data.list)) return null;
    const entry = data.list.map(fieldsOf).find((item) => item.mediaKey === mediaKey);
    const balance = data.balance === null || data.balance === undefined ? null : Math.max(0, wholeOf(data.balance));
    if (balance !== null) this.keepBalance(balance);
    if (!entry) return { price: 0, unlocked: true, balance, cover: '' };
    return { price: Math.max(0, wholeOf(entry.price)), unlocked: entry.unlocked === true, balance, cover: textOf(entry.cover) };
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
    const data = fieldsOf(await this.api.get(GoldPaths.records, { page, pageSize }));
    const list = Array.isArray(data.list) ? data.list.map(parseRecord).filter((entry): entry is GoldRecord => entry !== null) : [];
    const balance = Math.max(0, wholeOf(data.balance));
    this.keepBalance(balance);
    return { balance, list, total: Math.max(0, wholeOf(data.total)) };
  }

  private async pay(mediaKey: string): Promise<UnlockOutcome> {
    try {
      const data = fieldsOf(
        await this.api.get(GoldPaths.pay, { mediaKey }, { notice: true, suppressCodes: [GoldRet.Insufficient, GoldRet.NotForSale] }),
      );
      const balance = Math.max(0, wholeOf(data.balance));
      this.keepBalance(balance);
      const alreadyUnlocked = data.alreadyUnlocked === true;
      return { kind: 'unlocked', paid: alreadyUnlocked ? 0 : Math.max(0, wholeOf(data.paid)), balance, alreadyUnlocked };
    } catch (error) {
      if (!(error instanceof ApiError)) return { kind: 'failed', message: GoldTexts.unlockFailed };
      if (error.ret === GoldRet.Insufficient) {
        const data = fieldsOf(error.data);
        const balance = Math.max(0, wholeOf(data.balance));
        this.keepBalance(balance);
        return { kind: 'insufficient', price: Math.max(0, wholeOf(data.price)), balance, message: error.msg };
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
