import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { HIDE_NAV_BAR, navBarHidden } from '../../core/help/help.ts';
import { HelpTexts } from '../../core/help/help-texts.ts';
import { useViewModel } from '../app/container-context.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CusServiceContact } from '../messaging/cus-service-notice.tsx';
import { HelpCenterModel } from './help-view-models.ts';
import './help.css';

/** /help: categories with their questions; back from a question scrolls to its category; 在线反馈 at the bottom. */
export const HelpCenterScreen = observer(function HelpCenterScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(HelpCenterModel, { hideNavBar: navBarHidden(search.get(HIDE_NAV_BAR)) });
  const list = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    void vm.opened();
  }, [vm]);

  useEffect(() => {
    if (vm.status !== 'ready' || vm.scrollTarget === null) return;
    list.current?.querySelector(`[data-category-index="${vm.scrollTarget}"]`)?.scrollIntoView({ block: 'start' });
    vm.scrolledBack();
  }, [vm, vm.status, vm.scrollTarget]);

  return (
    <div className={vm.hideNavBar ? 'page help-page help-page--embedded' : 'page help-page'}>
      {vm.hideNavBar ? null : <NavBar title={HelpTexts.center} />}
      <div ref={list} data-testid="help-categories">
        {vm.status === 'loading' ? <p className="help-page__status">{HelpTexts.loading}</p> : null}
        {vm.status === 'failed' ? (
          <div className="help-page__status">
            <p>{HelpTexts.loadFailed}</p>
            <button type="button" className="help-page__retry" onClick={() => void vm.load()}>{HelpTexts.retry}</button>
          </div>
        ) : null}
        {vm.empty ? <p className="help-page__status">{HelpTexts.empty}</p> : null}
        {vm.categories.map((category, index) => (
          <section key={category.id} className="help-category" data-category-index={index} aria-labelledby={`help-category-${category.id}`}>
            <h2 className="help-category__title" id={`help-category-${category.id}`}>{category.title}</h2>
            <ul className="help-category__list">
              {category.sublist.map((question) => (
                <li key={question.id}>
                  <button type="button" className="help-question" onClick={() => vm.questionTapped(index, question)}>
                    {question.title}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      {vm.status === 'ready' ? <CusServiceContact /> : null}
      {vm.feedbackVisible ? (
        <footer className="help-feedback">
          <button type="button" className="help-feedback__link" onClick={vm.feedbackTapped}>{HelpTexts.onlineFeedback}</button>
        </footer>
      ) : null}
    </div>
  );
});
