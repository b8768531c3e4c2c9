import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { GoldTexts } from '../../core/gold/gold-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { TimeLabel } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { MyGoldModel, type GoldRecordRow, type MyGoldViewModel } from './my-gold-view-model.ts';
import './gold.css';

const renderRow = (row: GoldRecordRow) => (
  <div key={row.id} className="gold-record" data-testid="gold-record">
    <div className="gold-record__main">
      <span className="gold-record__label">{row.label}</span>
      <span className="gold-record__meta">
        <TimeLabel time={row.time} />
        <span>{row.balanceText}</span>
      </span>
    </div>
    <span className={`gold-record__amount ${row.credit ? 'gold-record__amount--credit' : ''}`} data-testid="gold-record-amount">
      {row.amountText}
    </span>
  </div>
);

const MyGold = observer(function MyGold({ vm }: { vm: MyGoldViewModel }) {
  return (
    <>
      <section className="my-gold__head">
        <p className="my-gold__label">{GoldTexts.myGold}</p>
        <p className="my-gold__balance" data-testid="my-gold-balance">{vm.balanceText}</p>
        <button type="button" className="my-gold__earn" onClick={vm.earnTapped}>{GoldTexts.earn}</button>
      </section>
      <h2 className="my-gold__title">金币明细</h2>
      <PagedListView model={vm.list} className="gold-records" render={renderRow} emptyText={GoldTexts.empty} />
    </>
  );
});

/** /myGold — the balance and the gold history (login required: a visitor goes to /login and comes back). */
export const MyGoldScreen = observer(function MyGoldScreen() {
  const vm = useViewModel(MyGoldModel);
  useEffect(() => vm.visitorSentToLogin(), [vm, vm.loggedIn]);
  return (
    <div className="page my-gold-page">
      <NavBar title={GoldTexts.myGold} />
      {vm.loggedIn && <MyGold vm={vm} />}
    </div>
  );
});
