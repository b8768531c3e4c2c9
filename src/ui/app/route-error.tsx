import { useNavigate, useRouteError } from 'react-router-dom';
import { isChunkLoadError } from '../../core/shell/chunk-load.ts';
import './route-error.css';

/** The error screen's texts: a screen whose code did not load, and a screen that failed as it rendered. */
export const ROUTE_ERROR_TEXT = {
  chunk: '页面加载失败，请检查网络后重试',
  render: '页面出错了，请稍后重试',
  retry: '重试',
  home: '返回首页',
} as const;

/**
 * Every route's error screen (the router's ErrorBoundary): a screen whose code could not be loaded
 * (ChunkLoadError, after a failed fetch or the 120 s timeout) or that threw while rendering.
 * 重试 reloads the page: module scripts are kept per URL in the document's module map (a failed fetch may stay
 * there), and a screen's chunk imports shared chunks by fixed URLs, so importing again, even with a cache-busting
 * query on the screen's own chunk, is not sure to fetch what failed; a reload starts a fresh module map.
 * 返回首页 goes to / (a full load after a failed chunk, so the home screen's code is fetched anew too).
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const chunk = isChunkLoadError(error);
  const goHome = () => {
    if (chunk) window.location.assign('/');
    else void navigate('/', { replace: true });
  };
  return (
    <div className="page route-error" role="alert" data-error={chunk ? 'ChunkLoadError' : 'render'}>
      <p className="route-error__text">{chunk ? ROUTE_ERROR_TEXT.chunk : ROUTE_ERROR_TEXT.render}</p>
      <div className="route-error__actions">
        <button type="button" className="primary-button" onClick={() => window.location.reload()}>
          {ROUTE_ERROR_TEXT.retry}
        </button>
        <button type="button" className="secondary-button" onClick={goHome}>
          {ROUTE_ERROR_TEXT.home}
        </button>
      </div>
    </div>
  );
}
