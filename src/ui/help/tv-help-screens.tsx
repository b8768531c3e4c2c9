import { observer } from 'mobx-react-lite';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { helpIdFrom } from '../../core/help/help.ts';
import { HelpTexts } from '../../core/help/help-texts.ts';
import { tvKeyOf } from '../../core/help/tv-focus.ts';
import { pageTitle } from '../app/brand.ts';
import { useViewModel } from '../app/container-context.tsx';
import { canGoBackInApp } from '../common/nav-bar.tsx';
import { HelpArticleBody } from './help-detail-screen.tsx';
import { TvHelpModel, type TvHelpViewModel } from './help-view-models.ts';
import { sanitizeHelpHtml } from './sanitize-html.ts';
import './help.css';

const TV_TEXTS = {
  chooseQuestion: '按 ↑ ↓ 选择问题，按 OK 键查看',
  loading: HelpTexts.loading,
} as const;

/** Back from a TV page: one step back in the app, else home. */
function useLeave(): () => void {
  const navigate = useNavigate();
  return () => {
    if (canGoBackInApp()) void navigate(-1);
    else void navigate('/', { replace: true });
  };
}

/**
 * The TV layout (1280x720): the focusable list on the left, the content pane on the right, all driven by the
 * remote (core/help/tv-focus.ts). The focused item holds the DOM focus and stays in view; the pane scrolls
 * by 300 per key press.
 */
const TvHelp = observer(function TvHelp({ vm }: { vm: TvHelpViewModel }) {
  const itemRefs = useRef(new Map<number, HTMLLIElement>());
  const pane = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    void vm.opened();
  }, [vm]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = tvKeyOf(event);
      if (!key) return;
      event.preventDefault();
      vm.keyPressed(key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [vm]);

  // Focus follows the machine: the focused item takes the DOM focus and is scrolled into the list's view.
  useLayoutEffect(() => {
    const element = itemRefs.current.get(vm.state.focus);
    if (!element) return;
    if (document.activeElement !== element) element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  }, [vm.state.focus, vm.items]);

  // The pane's scrollable distance, measured whenever its content changes or the window resizes.
  useLayoutEffect(() => {
    const element = pane.current;
    if (!element) return;
    const measure = () => vm.paneMeasured(element.scrollHeight - element.clientHeight);
    measure();
    const images = [...element.querySelectorAll('img')];
    for (const image of images) image.addEventListener('load', measure);
    window.addEventListener('resize', measure);
    return () => {
      for (const image of images) image.removeEventListener('load', measure);
      window.removeEventListener('resize', measure);
    };
  }, [vm, vm.safeHtml, vm.articleStatus]);

  useLayoutEffect(() => {
    pane.current?.scrollTo({ top: vm.state.scroll });
  }, [vm.state.scroll]);

  useEffect(() => {
    document.title = pageTitle(vm.article?.title || HelpTexts.center);
  }, [vm.article]);

  const zoneClass = vm.state.zone === 'content' ? 'tv-help tv-help--content' : 'tv-help';
  return (
    <div className={zoneClass} data-testid="tv-help" data-zone={vm.state.zone} data-scroll={vm.state.scroll}>
      <ul className="tv-help__list" role="listbox" aria-label={HelpTexts.center}>
        {vm.single ? null : <li className="tv-help__heading" aria-hidden="true">{HelpTexts.center}</li>}
        {vm.status === 'loading' ? <li className="tv-help__hint">{TV_TEXTS.loading}</li> : null}
        {vm.status === 'failed' ? <li className="tv-help__hint">{HelpTexts.loadFailed}</li> : null}
        {vm.items.map((item, index) => {
          const focused = index === vm.state.focus;
          const classes = ['tv-help__item', `tv-help__item--${item.kind}`];
          if (focused) classes.push('tv-help__item--focused');
          if (index === vm.state.opened) classes.push('tv-help__item--opened');
          return (
            <li
              key={item.key}
              ref={(element) => {
                if (element) itemRefs.current.set(index, element);
                else itemRefs.current.delete(index);
              }}
              className={classes.join(' ')}
              role="option"
              aria-selected={focused}
              tabIndex={focused ? 0 : -1}
              data-kind={item.kind}
            >
              {item.title}
            </li>
          );
        })}
      </ul>
      <section className="tv-help__pane" aria-live="polite">
        <div className="tv-help__pane-scroll" ref={pane} data-testid="tv-help-pane">
          {vm.articleStatus === 'none' ? <p className="tv-help__hint">{TV_TEXTS.chooseQuestion}</p> : null}
          {vm.articleStatus === 'loading' ? <p className="tv-help__hint">{TV_TEXTS.loading}</p> : null}
          {vm.articleStatus === 'missing' ? <p className="tv-help__hint">{HelpTexts.articleMissing}</p> : null}
          {vm.articleStatus === 'failed' ? <p className="tv-help__hint">{HelpTexts.loadFailed}</p> : null}
          {vm.article && vm.articleStatus === 'ready' ? (
            <>
              <h2 className="tv-help__title" data-testid="tv-help-title">{vm.article.title}</h2>
              <HelpArticleBody html={vm.safeHtml} testId="tv-help-article" />
            </>
          ) : null}
        </div>
      </section>
    </div>
  );
});

/** /tvhelpCenter: every category and question on the left; OK opens a question in the pane. */
export function TvHelpCenterScreen() {
  const leave = useLeave();
  const vm = useViewModel(TvHelpModel, { dealId: null, sanitize: sanitizeHelpHtml, leave });
  return <TvHelp vm={vm} />;
}

/** /tvdeal?id: one article in the pane; up/down scroll it, back leaves. */
export function TvDealScreen() {
  const [search] = useSearchParams();
  const leave = useLeave();
  const vm = useViewModel(TvHelpModel, { dealId: helpIdFrom(search.get('id')) ?? 0, sanitize: sanitizeHelpHtml, leave });
  return <TvHelp vm={vm} />;
}
