import { useNavigate } from 'react-router-dom';

/** The top bar of a page: a back arrow, the title and an optional right-hand action. */
export function NavBar({ title, right, onBack }: { title: string; right?: React.ReactNode; onBack?: () => void }) {
  const navigate = useNavigate();
  const back = onBack ?? (() => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true })));
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
