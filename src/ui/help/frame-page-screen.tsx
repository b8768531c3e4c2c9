import { useEffect } from 'react';
import { FramePageTexts } from '../../core/help/help-texts.ts';
import { pageTitle } from '../app/brand.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { FramePageModel } from './help-view-models.ts';
import './help.css';

/**
 * /iframe?url&title: an allowed site's page (a help article's link, core/help/article-links.ts) inside the app, under
 * the app's bar and its way back. The frame runs the site's scripts and forms on its own origin, never the app's.
 */
export function FramePageScreen() {
  const { view } = useViewModel(FramePageModel);
  useEffect(() => {
    document.title = pageTitle(view.title);
  }, [view.title]);
  return (
    <div className="page frame-page">
      <NavBar title={view.title} />
      {view.kind === 'frame' ? (
        <iframe className="frame-page__frame" title={view.title} src={view.url} sandbox="allow-forms allow-scripts allow-same-origin allow-popups" referrerPolicy="no-referrer" data-testid="frame-page" />
      ) : (
        <div className="frame-page__unavailable">
          <p role="alert">{FramePageTexts.unavailable}</p>
        </div>
      )}
    </div>
  );
}
