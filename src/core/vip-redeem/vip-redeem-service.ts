import { ApiError } from '../request/api-error.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { isRedeemCodeShape, normalizeRedeemCode } from './redeem-code.ts';
import {
  VipRedeemCalls,
  VipRedeemLimits,
  VipRedeemRet,
  type RedeemChoice,
  type RedeemDone,
  type RedeemPackage,
  type VipRecordPage,
} from './vip-redeem-protocol.ts';
import { VipRedeemTexts } from './vip-redeem-texts.ts';

const RedeemTexts = {
  enterCode: '请输入兑换码',
  failed: '兑换失败，请稍后再试',
} as const;

export type RedeemOutcome =
  /** Granted: the message is 兑换成功，VIP有效期至 YYYY-MM-DD. */
  | { kind: 'redeemed'; done: RedeemDone; message: string }
  /** A choice code: pick one of the packages (/selectPack), then {@link VipRedeemService.choose}. */
  | { kind: 'choose'; packages: RedeemPackage[] }
  /** Refused (unknown, used, expired, too many tries, not this package, nothing typed): the message says why. */
  | { kind: 'refused'; message: string }
  /** A visitor: log in first. */
  | { kind: 'login' };

/** What every refusal of the redeem call the screen shows itself (the request layer stays quiet about them). */
/**
 * Redeem codes and the VIP records: redeeming (one request in flight however often tapped; a text that cannot be a
 * code is refused without costing a try), the choice a choice code waits for (kept for /selectPack), the stored
 * user's VIP after a grant, and the pages of 开通记录.
 */
export class VipRedeemService {
  private running: Promise<RedeemOutcome> | null = null;
  private choice: { code: string; packages: RedeemPackage[] } | null = null;
  private lastDone: RedeemOutcome | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
  ) {}

  loggedIn(): boolean {
    return this.session.user() !== null;
  }

  /** ExchangeVip for what the user typed (any case, spaces and dashes). */
  redeem(typed: string): Promise<RedeemOutcome> {
    const code = normalizeRedeemCode(typed);
    if (code === '') return Promise.resolve({ kind: 'refused', message: RedeemTexts.enterCode });
    if (!isRedeemCodeShape(code)) return Promise.resolve({ kind: 'refused', message: VipRedeemTexts.notFound });
    return this.send(code, undefined);
  }

  /** The choice code waiting for a package (null when none: /selectPack was opened afresh). */
  pendingChoice(): { packages: RedeemPackage[] } | null {
    return this.choice === null ? null : { packages: this.choice.packages };
  }

  /** Redeems the waiting choice code for one of its packages. */
  choose(packageId: number): Promise<RedeemOutcome> {
    if (this.choice === null) return Promise.resolve({ kind: 'refused', message: VipRedeemTexts.choosePackage });
    return this.send(this.choice.code, packageId);
  }

  /** The grant made on /selectPack, once: /exchangeVip shows it when the user comes back. */
  takeGrant(): RedeemOutcome | null {
    const done = this.lastDone;
    this.lastDone = null;
    return done;
  }

  /** One page of 开通记录 (newest first). Throws ApiError. */
  records(page: number, pageSize: number = VipRedeemLimits.defaultPageSize): Promise<VipRecordPage> {
    return this.api.request(VipRedeemCalls.records, { page, pageSize });
  }

  private send(code: string, packageId: number | undefined): Promise<RedeemOutcome> {
    if (!this.loggedIn()) return Promise.resolve({ kind: 'login' });
    if (this.running !== null) return this.running;
    this.running = this.call(code, packageId).finally(() => (this.running = null));
    return this.running;
  }

  private async call(code: string, packageId: number | undefined): Promise<RedeemOutcome> {
    try {
      const done = await this.api.request(VipRedeemCalls.redeem, packageId === undefined ? { code } : { code, packageId });
      this.choice = null;
      this.keepVip(done);
      const outcome: RedeemOutcome = { kind: 'redeemed', done, message: VipRedeemTexts.redeemed(done.vipExpireDate) };
      if (packageId !== undefined) this.lastDone = outcome;
      return outcome;
    } catch (error) {
      if (!(error instanceof ApiError)) return { kind: 'refused', message: RedeemTexts.failed };
      if (error.ret === VipRedeemRet.ChoosePackage) {
        const packages = (error.data as RedeemChoice | null)?.packages ?? [];
        this.choice = { code, packages };
        return { kind: 'choose', packages };
      }
      if (error.ret !== VipRedeemRet.PackageNotAllowed) this.choice = null;
      return { kind: 'refused', message: error.msg || RedeemTexts.failed };
    }
  }

  /** The stored user carries the VIP (/vip's header and /user show it): keep it current. */
  private keepVip(done: RedeemDone): void {
    const user = this.session.user();
    if (user === null) return;
    this.session.signedIn({ ...user, vipLevel: done.vipLevel, vipCategoryId: done.vipCategoryId, vipTypeName: done.vipTypeName, eDate: done.vipExpireDate });
  }
}
