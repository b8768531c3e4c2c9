import { makeAutoObservable, runInAction } from 'mobx';
import type { Navigator } from '../../core/ports/navigator.ts';
import { normalizeRedeemCode } from '../../core/vip-redeem/redeem-code.ts';
import { amountLabel, expiryLine, payTypeLabel, recordNote, recordTitle, stateLabel } from '../../core/vip-redeem/vip-record-rules.ts';
import type { RedeemOutcome, VipRedeemService } from '../../core/vip-redeem/vip-redeem-service.ts';
import { VipRedeemLimits, type RedeemPackage, type VipRecord, type VipRecordState } from '../../core/vip-redeem/vip-redeem-protocol.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';

/** The pages of redeeming and of the records. */
export const RedeemPaths = {
  exchangeVip: '/exchangeVip',
  selectPack: '/selectPack',
  records: '/openVipRecords',
  login: '/login',
} as const;

type Session = Pick<SessionModel, 'loggedIn'>;

/** A granted code as the page shows it. */
export interface RedeemGrant {
  message: string;
  packageText: string;
}

const grantOf = (outcome: RedeemOutcome): RedeemGrant | null =>
  outcome.kind === 'redeemed'
    ? { message: outcome.message, packageText: `${outcome.done.package.categoryName}·${outcome.done.package.name} ${outcome.done.package.days}天` }
    : null;

/** A visitor (or a user whose session ended) goes to /login, to come back to `path`. */
function sendVisitorToLogin(session: Session, navigator: Navigator, path: string): void {
  if (!session.loggedIn) navigator.replace(RedeemPaths.login, { redirect: path });
}

/** /exchangeVip: type a code, redeem it (a choice code goes on to /selectPack), see the new VIP expiry. */
export class ExchangeVipViewModel {
  code = '';
  submitting = false;
  /** Why the last try was refused ('' none). */
  refusal = '';
  grant: RedeemGrant | null;

  constructor(
    private readonly service: Pick<VipRedeemService, 'redeem' | 'takeGrant'>,
    private readonly navigator: Navigator,
    private readonly session: Session,
  ) {
    // Coming back from /selectPack after a choice was granted there.
    const chosen = service.takeGrant();
    this.grant = chosen === null ? null : grantOf(chosen);
    makeAutoObservable<ExchangeVipViewModel, 'service' | 'navigator' | 'session'>(this, { service: false, navigator: false, session: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  visitorSentToLogin(): void {
    sendVisitorToLogin(this.session, this.navigator, RedeemPaths.exchangeVip);
  }

  get canSubmit(): boolean {
    return !this.submitting && normalizeRedeemCode(this.code) !== '';
  }

  codeChanged(text: string): void {
    this.code = text;
    this.refusal = '';
  }

  async submitTapped(): Promise<void> {
    if (!this.canSubmit) return;
    this.submitting = true;
    this.grant = null;
    const outcome = await this.service.redeem(this.code);
    runInAction(() => {
      this.submitting = false;
      switch (outcome.kind) {
        case 'redeemed':
          this.grant = grantOf(outcome);
          this.code = '';
          break;
        case 'choose':
          this.navigator.push(RedeemPaths.selectPack);
          break;
        case 'refused':
          this.refusal = outcome.message;
          break;
        case 'login':
          this.navigator.push(RedeemPaths.login, { redirect: RedeemPaths.exchangeVip });
          break;
      }
    });
  }

  recordsTapped(): void {
    this.navigator.push(RedeemPaths.records);
  }
}

/** One package to pick on /selectPack. */
export interface PackChoiceRow {
  packageId: number;
  title: string;
  daysText: string;
}

/** /selectPack: the packages a choice code allows; pick one and redeem it, then back to /exchangeVip. */
export class SelectPackViewModel {
  readonly packages: PackChoiceRow[];
  selectedId: number | null;
  submitting = false;
  refusal = '';

  constructor(
    private readonly service: Pick<VipRedeemService, 'pendingChoice' | 'choose'>,
    private readonly navigator: Navigator,
    private readonly session: Session,
  ) {
    const choice = service.pendingChoice();
    this.packages = (choice?.packages ?? []).map((item: RedeemPackage) => ({
      packageId: item.packageId,
      title: `${item.categoryName}·${item.name}`,
      daysText: `${item.days}天`,
    }));
    this.selectedId = this.packages[0]?.packageId ?? null;
    makeAutoObservable<SelectPackViewModel, 'service' | 'navigator' | 'session'>(this, { service: false, navigator: false, session: false }, { autoBind: true });
  }

  /** Nothing to choose (the page was opened afresh, or by a visitor): back to /exchangeVip or /login. */
  nothingToChooseLeft(): void {
    if (!this.session.loggedIn) sendVisitorToLogin(this.session, this.navigator, RedeemPaths.exchangeVip);
    else if (this.packages.length === 0) this.navigator.replace(RedeemPaths.exchangeVip);
  }

  packageTapped(packageId: number): void {
    this.selectedId = packageId;
    this.refusal = '';
  }

  get canConfirm(): boolean {
    return !this.submitting && this.selectedId !== null;
  }

  async confirmTapped(): Promise<void> {
    if (!this.canConfirm || this.selectedId === null) return;
    this.submitting = true;
    const outcome = await this.service.choose(this.selectedId);
    runInAction(() => {
      this.submitting = false;
      if (outcome.kind === 'redeemed') this.navigator.back();
      else if (outcome.kind === 'refused') this.refusal = outcome.message;
      else if (outcome.kind === 'login') this.navigator.push(RedeemPaths.login, { redirect: RedeemPaths.exchangeVip });
    });
  }
}

/** One row of 开通记录 as shown. */
export interface VipRecordRow {
  id: string;
  title: string;
  payType: string;
  amount: string;
  state: string;
  stateKind: VipRecordState;
  note: string;
  expiry: string;
  time: number;
}

function toRow(record: VipRecord): VipRecordRow {
  return {
    id: record.id,
    title: recordTitle(record),
    payType: payTypeLabel(record),
    amount: amountLabel(record),
    state: stateLabel(record.state),
    stateKind: record.state,
    note: recordNote(record),
    expiry: expiryLine(record),
    time: record.time,
  };
}

/** /openVipRecords: the user's purchases, gifts, codes and activity rewards, newest first (load more). */
export class VipRecordsViewModel {
  readonly list: PagedListModel<VipRecordRow>;

  constructor(
    service: Pick<VipRedeemService, 'records'>,
    private readonly navigator: Navigator,
    private readonly session: Session,
  ) {
    this.list = new PagedListModel(async (page, size) => ({ list: (await service.records(page, size)).list.map(toRow) }), VipRedeemLimits.defaultPageSize);
    makeAutoObservable<VipRecordsViewModel, 'navigator' | 'session'>(this, { navigator: false, session: false, list: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  visitorSentToLogin(): void {
    sendVisitorToLogin(this.session, this.navigator, RedeemPaths.records);
  }
}

export const ExchangeVipModel = viewModelToken<ExchangeVipViewModel>('ExchangeVipViewModel');
export const SelectPackModel = viewModelToken<SelectPackViewModel>('SelectPackViewModel');
export const VipRecordsModel = viewModelToken<VipRecordsViewModel>('VipRecordsViewModel');
