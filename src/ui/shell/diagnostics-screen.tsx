import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { DiagnosticsModel, type DiagnosticsViewModel } from './diagnostics-view-model.ts';
import './diagnostics.css';

const Diagnostics = observer(function Diagnostics({ vm }: { vm: DiagnosticsViewModel }) {
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className={`page diagnostics-page ${vm.compact ? 'diagnostics-page--compact' : ''}`}>
      <NavBar title="测试" />
      <dl className="diagnostics-list">
        {vm.rows.map((row) => (
          <div key={row.id} className="diagnostics-row" data-testid={`diag-${row.id}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <div className="diagnostics-actions">
        <button type="button" onClick={vm.pingTapped} data-testid="diag-ping">
          Ping 原生桥
        </button>
        <button type="button" onClick={() => void vm.retestApi()} disabled={vm.testingApi} data-testid="diag-retest">
          重新测试接口
        </button>
      </div>
      {vm.pingText !== '' && (
        <p className="diagnostics-note" role="status" data-testid="diag-ping-result">
          {vm.pingText}
        </p>
      )}
      {vm.compact && (
        <section className="diagnostics-touch" aria-label="触摸测试">
          <p data-testid="diag-touch-text">{vm.touchText}</p>
          <button type="button" className="diagnostics-touch__area" onClick={vm.touched} data-testid="diag-touch-area">
            点这里
          </button>
        </section>
      )}
      <section className="diagnostics-ua" aria-label="User-Agent">
        <h2>User-Agent</h2>
        <p data-testid="diag-ua">{vm.userAgent}</p>
      </section>
    </div>
  );
});

/** /test: the diagnostics for a webview host or support. */
export const TestScreen = observer(function TestScreen() {
  return <Diagnostics vm={useViewModel(DiagnosticsModel, { compact: false })} />;
});

/** /mobileTest: the same checks in a compact phone layout, with a touch check. */
export const MobileTestScreen = observer(function MobileTestScreen() {
  return <Diagnostics vm={useViewModel(DiagnosticsModel, { compact: true })} />;
});
