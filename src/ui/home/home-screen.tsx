import { Link } from 'react-router-dom';
import { BRAND } from '../app/brand.ts';

/** The home route. The feed, channels and tab bar arrive with the app-shell work; this is its frame. */
export function HomeScreen() {
  return (
    <div className="page home-page">
      <header className="home-header">
        <h1 className="home-header__brand">{BRAND}</h1>
        <Link className="home-header__me" to="/user">
          我的
        </Link>
      </header>
    </div>
  );
}
