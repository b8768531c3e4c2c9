import { Link } from 'react-router-dom';
import { NavBar } from '../common/nav-bar.tsx';

/** A route whose screen is not built yet: says so, shows no made-up content. */
export function PendingScreen({ title }: { title: string }) {
  return (
    <div className="page pending-page">
      <NavBar title={title} />
      <div className="pending" role="status">
        <p className="pending__title">{title}</p>
        <p>该页面正在建设中，暂未开放</p>
        <Link className="primary-button" to="/" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}
