import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { GoldRoutes, GoldTexts } from '../../core/gold/gold-rules.ts';
import { GoldService } from '../../core/gold/gold-service.ts';
import { Navigator } from '../../core/ports/navigator.ts';
import { bindPlayFeatures } from '../../composition/play-feature-bindings.ts';
import { useContainer, useViewModel } from '../app/container-context.tsx';
import { SessionModel } from '../app/session-model.ts';
import { TimeLabel } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { MyGoldViewModel, type GoldRecordRow } from './my-gold-view-model.ts';
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

const MyGold = observer(function MyGold() {
  const vm = useViewModel((c) => new MyGoldViewModel(c.get(GoldService), c.get<Navigator>(Navigator)));
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
  const container = useContainer();
  bindPlayFeatures(container);
  const session = container.get(SessionModel);
  useEffect(() => {
    if (!session.loggedIn) container.get<Navigator>(Navigator).replace(GoldRoutes.login, { redirect: GoldRoutes.myGold });
  }, [session.loggedIn, container]);
  return (
    <div className="page my-gold-page">
      <NavBar title={GoldTexts.myGold} />
      {session.loggedIn && <MyGold />}
    </div>
  );
});
