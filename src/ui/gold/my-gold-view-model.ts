import { makeAutoObservable, runInAction } from 'mobx';
import { GoldLimits, GoldRoutes, reasonLabel, signedAmount } from '../../core/gold/gold-rules.ts';
import type { GoldRecord, GoldService } from '../../core/gold/gold-service.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import type { SessionModel } from '../app/session-model.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';

/** One history row as shown. */
export interface GoldRecordRow {
  id: number;
  label: string;
  amountText: string;
  credit: boolean;
  balanceText: string;
  time: number;
}

function toRow(entry: GoldRecord): GoldRecordRow {
  return {
    id: entry.id,
    label: reasonLabel(entry),
    amountText: signedAmount(entry.amount),
    credit: entry.amount > 0,
    balanceText: `余额${entry.balance}`,
    time: entry.time,
  };
}

/** /myGold: the balance and the gold history (newest first, load more). */
export class MyGoldViewModel {
  /** Null until the first page arrived. */
  balance: number | null = null;
  readonly list: PagedListModel<GoldRecordRow>;

  constructor(
    private readonly service: Pick<GoldService, 'records'>,
    private readonly navigator: Navigator,
    private readonly session: Pick<SessionModel, 'loggedIn'>,
  ) {
    this.list = new PagedListModel(async (page, size) => {
      const result = await this.service.records(page, size);
      runInAction(() => (this.balance = result.balance));
      return { list: result.list.map(toRow) };
    }, GoldLimits.recordsPageSize);
    makeAutoObservable<MyGoldViewModel, 'service' | 'navigator' | 'session'>(this, { service: false, navigator: false, session: false, list: false }, { autoBind: true });
  }

  /** Only a signed-in user has gold: a visitor is sent to /login and comes back (see {@link visitorSentToLogin}). */
  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor (or a user whose session ended) goes to /login, to come back to /myGold. */
  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace(GoldRoutes.login, { redirect: GoldRoutes.myGold });
  }

  get balanceText(): string {
    return this.balance === null ? '--' : String(this.balance);
  }

  earnTapped(): void {
    this.navigator.push(GoldRoutes.earn);
  }
}

/** /myGold's view-model, bound by the composition root (gold-bindings.ts). */
export const MyGoldModel = viewModelToken<MyGoldViewModel>('MyGoldViewModel');
