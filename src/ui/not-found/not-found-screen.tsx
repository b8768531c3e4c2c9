import { Link } from 'react-router-dom';
import { NavBar } from '../common/nav-bar.tsx';

export function NotFoundScreen() {
  return (
    <div className="page not-found-page">
      <NavBar title="页面不存在" />
      <div className="not-found" role="status">
        <p className="not-found__code">404</p>
        <p>您访问的页面不存在或已被删除</p>
        <Link className="primary-button" to="/" replace>
          返回首页
        </Link>
      </div>
    </div>
  );
}
