import { observer } from 'mobx-react-lite';
import { useEffect, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HIDE_NAV_BAR, categoryIndexFrom, helpIdFrom, navBarHidden } from '../../core/help/help.ts';
import { HelpTexts } from '../../core/help/help-texts.ts';
import { pageTitle } from '../app/brand.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { HelpArticleLinksModel, HelpDetailModel } from './help-view-models.ts';
import { clickedLink, sanitizeHelpHtml } from './sanitize-html.ts';
import './help.css';

const ROUTE_TITLE = '帮助详情';

/** The sanitised article; a tap on a link to a page of the app, or to an allowed site (/iframe), opens it in the app. */
export function HelpArticleBody({ html, testId }: { html: string; testId?: string }) {
  const links = useViewModel(HelpArticleLinksModel);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = clickedLink(event);
    if (link && links.linkTapped(link)) event.preventDefault();
  };
  // The HTML went through DOMPurify (sanitizeHelpHtml): no script, handler or javascript: link is left.
  return <div className="help-article" data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** /helpDetail?id&index&hideNavBar: one article's title and sanitised HTML; the page title follows the article. */
export const HelpDetailScreen = observer(function HelpDetailScreen() {
  const [search] = useSearchParams();
  const hideNavBar = navBarHidden(search.get(HIDE_NAV_BAR));
  const vm = useViewModel(HelpDetailModel, { id: helpIdFrom(search.get('id')), index: categoryIndexFrom(search.get('index')), sanitize: sanitizeHelpHtml });

  useEffect(() => {
    void vm.opened();
  }, [vm]);

  useEffect(() => {
    document.title = pageTitle(vm.title || ROUTE_TITLE);
  }, [vm.title]);

  return (
    <div className="page help-detail-page">
      {hideNavBar ? null : <NavBar title={ROUTE_TITLE} />}
      <article className="help-detail">
        {vm.status === 'loading' ? <p className="help-page__status">{HelpTexts.loading}</p> : null}
        {vm.message ? <p className="help-page__status" data-testid="help-detail-message">{vm.message}</p> : null}
        {vm.article ? (
          <>
            <h2 className="help-detail__title" data-testid="help-detail-title">{vm.article.title}</h2>
            <HelpArticleBody html={vm.safeHtml} testId="help-article" />
          </>
        ) : null}
      </article>
    </div>
  );
});
