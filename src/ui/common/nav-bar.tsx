import { useNavigate } from 'react-router-dom';
import { useViewModel } from '../app/container-context.tsx';
import { BackModel } from './common-view-models.ts';

/** Whether the browser history holds an earlier entry of this app (react-router numbers its entries from 0). */
export function canGoBackInApp(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/** The back rule as an action, for a page whose back arrow asks something first (NavBar's onBack) and then leaves. */
export function useBackAction(backTo?: string): () => void {
  const navigate = useNavigate();
  const vm = useViewModel(BackModel);
  return () => {
    const action = vm.action(backTo, canGoBackInApp());
    if (action.kind === 'back') void navigate(-1);
    else void navigate(action.path, { replace: true });
  };
}

/**
 * The top bar of a page: a back arrow, the title and an optional right-hand action. The back arrow follows the
 * back rule (core/shell/back-rule.ts): back to home if the user came from there, else to `backTo` (replacing),
 * else one step back (home when there is nothing to go back to). `onBack` replaces the rule entirely.
 */
export function NavBar({ title, right, onBack, backTo }: { title: string; right?: React.ReactNode; onBack?: () => void; backTo?: string }) {
  const defaultBack = useBackAction(backTo);
  const back = onBack ?? defaultBack;
  return (
    <header className="nav-bar">
      <button type="button" className="nav-bar__back" aria-label="返回" onClick={back}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="M15 4l-8 8 8 8" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      </button>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__right">{right}</div>
    </header>
  );
}
