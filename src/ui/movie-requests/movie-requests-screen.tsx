import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { MovieRequestLimits, SeekingMoviesTexts as T } from '../../core/movie-requests/movie-requests-texts.ts';
import type { MovieRequest } from '../../core/movie-requests/movie-requests-service.ts';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { ChannelTabs } from '../common/tabs/channel-tabs.tsx';
import { MovieRequestsModel, type MovieRequestsViewModel } from './movie-requests-view-model.ts';
import './movie-requests.css';

const RequestForm = observer(function RequestForm({ vm }: { vm: MovieRequestsViewModel }) {
  return (
    <form
      className="seek-form"
      aria-label={T.formTitle}
      onSubmit={(event) => {
        event.preventDefault();
        void vm.submitTapped();
      }}
    >
      <label className="seek-form__row">
        <span className="seek-form__label">{T.titleLabel}</span>
        <input
          className="seek-form__input"
          name="title"
          value={vm.title}
          maxLength={MovieRequestLimits.maxTitle}
          placeholder={T.titlePlaceholder}
          onChange={(event) => vm.titleChanged(event.target.value)}
        />
        <span className="seek-form__count">{vm.titleCount}</span>
      </label>
      <label className="seek-form__row">
        <span className="seek-form__label">{T.yearLabel}</span>
        <input className="seek-form__input" name="year" inputMode="numeric" value={vm.year} placeholder={T.yearPlaceholder} onChange={(event) => vm.yearChanged(event.target.value)} />
      </label>
      <fieldset className="seek-form__kinds">
        <legend className="seek-form__label">{T.kindLabel}</legend>
        {vm.kinds.map((kind) => (
          <label key={kind.key} className={`seek-kind ${vm.kind === kind.key ? 'seek-kind--chosen' : ''}`}>
            <input type="radio" name="kind" value={kind.key} checked={vm.kind === kind.key} onChange={() => vm.kindChanged(kind.key)} />
            {kind.label}
          </label>
        ))}
      </fieldset>
      <label className="seek-form__row">
        <span className="seek-form__label">{T.noteLabel}</span>
        <input className="seek-form__input" name="note" value={vm.note} maxLength={MovieRequestLimits.maxNote} placeholder={T.notePlaceholder} onChange={(event) => vm.noteChanged(event.target.value)} />
      </label>
      {vm.notice && (
        <p className={`seek-notice seek-notice--${vm.notice.tone}`} role="status" data-testid="seek-notice">
          {vm.notice.text}
          {vm.notice.video && (
            <button type="button" className="seek-notice__watch" onClick={() => vm.notice?.video && vm.videoTapped(vm.notice.video)}>
              {T.watch} ›
            </button>
          )}
        </p>
      )}
      <button type="submit" className={`primary-button ${vm.canSubmit ? '' : 'primary-button--inactive'}`} disabled={!vm.canSubmit}>
        {vm.submitting ? T.submitting : T.submit}
      </button>
    </form>
  );
});

const RequestItem = observer(function RequestItem({ vm, request }: { vm: MovieRequestsViewModel; request: MovieRequest }) {
  const row = vm.rowOf(request);
  return (
    <article className="seek-item" data-testid="seek-item" data-state={row.state}>
      <div className="seek-item__main">
        <h3 className="seek-item__title">{row.title}</h3>
        <p className="seek-item__meta">
          {row.meta}
          <span className={`seek-state seek-state--${row.state}`} data-testid="seek-state">{row.stateText}</span>
        </p>
        {row.note && <p className="seek-item__note">{row.note}</p>}
        {row.video && (
          <button type="button" className="seek-item__watch" onClick={() => row.video && vm.videoTapped(row.video)}>
            {T.watch}《{row.video.title}》›
          </button>
        )}
      </div>
      <div className="seek-item__side">
        <span className="seek-item__wants" data-testid="seek-wants">{row.wantsText}</span>
        {row.state === 'pending' && (
          <button type="button" className={`seek-want ${row.canWant ? '' : 'seek-want--done'}`} disabled={!row.canWant || row.wanting} onClick={() => void vm.wantTapped(row.id)}>
            {row.canWant ? `+1 ${row.wantText}` : row.wantText}
          </button>
        )}
      </div>
    </article>
  );
});

/** /seekingMovies — 求片: the form, 热门求片 (同求) and 我的求片 (login required: a visitor goes to /login and comes back). */
export const SeekingMoviesScreen = observer(function SeekingMoviesScreen() {
  const vm = useViewModel(MovieRequestsModel);
  useEffect(() => vm.visitorSentToLogin(), [vm, vm.loggedIn]);
  const render = (request: MovieRequest) => <RequestItem key={request.id} vm={vm} request={request} />;
  return (
    <div className="page seek-page">
      <NavBar title={T.title} />
      {vm.loggedIn && (
        <>
          <RequestForm vm={vm} />
          <ChannelTabs
            className="seek-tabs"
            tabs={[
              { key: 'hot', name: T.hot },
              { key: 'mine', name: T.mine },
            ]}
            active={vm.tab}
            onChange={vm.tabTapped}
          />
          {vm.tab === 'hot' ? (
            <PagedListView key="hot" model={vm.hot} className="seek-list" render={render} emptyText={T.hotEmpty} />
          ) : (
            <PagedListView key="mine" model={vm.mine} className="seek-list" render={render} emptyText={T.mineEmpty} />
          )}
        </>
      )}
    </div>
  );
});
