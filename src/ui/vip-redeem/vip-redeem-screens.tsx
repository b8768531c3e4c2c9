import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { VipRecordTexts } from '../../core/vip-redeem/vip-redeem-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { TimeLabel } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { ExchangeVipModel, SelectPackModel, VipRecordsModel, type VipRecordRow } from './vip-redeem-view-models.ts';
import '../common/rows.css';
import './vip-redeem.css';

const RULES = [
  '每个兑换码只能使用一次，兑换后立即生效；',
  '兑换码不区分大小写，空格和“-”可省略；',
  '已是VIP时，兑换的时长在原有效期后顺延；',
  '兑换码过期后不能再兑换，请在有效期内使用。',
] as const;

/** /exchangeVip — enter a redeem code; a code allowing several packages continues on /selectPack. */
export const ExchangeVipScreen = observer(function ExchangeVipScreen() {
  const vm = useViewModel(ExchangeVipModel);
  useEffect(() => vm.visitorSentToLogin(), [vm, vm.loggedIn]);
  return (
    <div className="page redeem-page">
      <NavBar title="兑换VIP" />
      {vm.loggedIn && (
        <>
          <form
            className="account-form redeem-form"
            onSubmit={(event) => {
              event.preventDefault();
              void vm.submitTapped();
            }}
          >
            <label className="redeem-form__label" htmlFor="redeem-code">兑换码</label>
            <input
              id="redeem-code"
              name="code"
              className="account-input redeem-form__input"
              placeholder="请输入兑换码"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              value={vm.code}
              onChange={(event) => vm.codeChanged(event.target.value)}
            />
            {vm.refusal && <p className="redeem-form__refusal" role="alert" data-testid="redeem-refusal">{vm.refusal}</p>}
            <button type="submit" className="primary-button" disabled={!vm.canSubmit}>{vm.submitting ? '兑换中…' : '立即兑换'}</button>
          </form>
          {vm.grant && (
            <section className="redeem-grant" role="status" data-testid="redeem-grant">
              <p className="redeem-grant__message">{vm.grant.message}</p>
              <p className="redeem-grant__package">{vm.grant.packageText}</p>
            </section>
          )}
          <button type="button" className="account-row redeem-records-link" onClick={vm.recordsTapped}>
            <span>{VipRecordTexts.title}</span>
            <span className="account-row__value" aria-hidden="true">›</span>
          </button>
          <section className="redeem-rules" aria-label="兑换说明">
            <h2 className="redeem-rules__title">兑换说明</h2>
            <ol>
              {RULES.map((rule) => <li key={rule}>{rule}</li>)}
            </ol>
          </section>
        </>
      )}
    </div>
  );
});

/** /selectPack — the packages a choice code allows: pick one, confirm, back to /exchangeVip with the result. */
export const SelectPackScreen = observer(function SelectPackScreen() {
  const vm = useViewModel(SelectPackModel);
  useEffect(() => vm.nothingToChooseLeft(), [vm]);
  return (
    <div className="page redeem-page">
      <NavBar title="选择套餐" />
      <p className="redeem-pack__lead">该兑换码可兑换以下任一套餐，请选择一个：</p>
      <ul className="redeem-packs" role="radiogroup" aria-label="套餐">
        {vm.packages.map((item) => (
          <li key={item.packageId}>
            <button
              type="button"
              role="radio"
              aria-checked={vm.selectedId === item.packageId}
              className={`redeem-pack ${vm.selectedId === item.packageId ? 'redeem-pack--on' : ''}`}
              onClick={() => vm.packageTapped(item.packageId)}
            >
              <span className="redeem-pack__title">{item.title}</span>
              <span className="redeem-pack__days">{item.daysText}</span>
            </button>
          </li>
        ))}
      </ul>
      {vm.refusal && <p className="redeem-form__refusal redeem-pack__refusal" role="alert">{vm.refusal}</p>}
      <div className="account-form">
        <button type="button" className="primary-button" disabled={!vm.canConfirm} onClick={() => void vm.confirmTapped()}>
          {vm.submitting ? '兑换中…' : '确认兑换'}
        </button>
      </div>
    </div>
  );
});

const renderRecord = (row: VipRecordRow) => (
  <article key={row.id} className="vip-record" data-testid="vip-record">
    <div className="vip-record__top">
      <span className="vip-record__title">{row.title}</span>
      <span className={`vip-record__state vip-record__state--${row.stateKind}`}>{row.state}</span>
    </div>
    <div className="vip-record__line">
      <span>{row.payType}</span>
      <span className="vip-record__amount">{row.amount}</span>
    </div>
    {row.note && <p className="vip-record__note">{row.note}</p>}
    <div className="vip-record__line vip-record__meta">
      <span>{row.expiry}</span>
      <TimeLabel time={row.time} />
    </div>
  </article>
);

/** /openVipRecords — every purchase, gift, code and activity reward, newest first (login required). */
export const VipRecordsScreen = observer(function VipRecordsScreen() {
  const vm = useViewModel(VipRecordsModel);
  useEffect(() => vm.visitorSentToLogin(), [vm, vm.loggedIn]);
  return (
    <div className="page vip-records-page">
      <NavBar title={VipRecordTexts.title} />
      {vm.loggedIn && <PagedListView model={vm.list} className="vip-records" render={renderRecord} emptyText={VipRecordTexts.empty} />}
    </div>
  );
});
