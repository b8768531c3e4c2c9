import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Video } from '../../core/shared-kernel/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { SearchModel } from './catalogue-view-models.ts';
import { SearchTexts } from '../../core/catalogue/catalogue-texts.ts';
import { VideoCard } from './video-card.tsx';

const renderRow = (video: Video) => <VideoCard key={video.mediaKey} video={video} layout="row" />;

/** /searchPage — type a title; results come 300 ms after typing stops, paged. */
export const SearchScreen = observer(function SearchScreen() {
  const [query] = useSearchParams();
  const vm = useViewModel(SearchModel, { keyword: query.get('keyword') ?? '' });
  useEffect(() => vm.dispose, [vm]);
  return (
    <div className="page search-page">
      <form
        className="search-head"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          vm.submitted();
        }}
      >
        <input
          className="search-head__input"
          type="search"
          enterKeyHint="search"
          placeholder={SearchTexts.placeholder}
          aria-label={SearchTexts.placeholder}
          value={vm.input}
          maxLength={30}
          onChange={(event) => vm.typed(event.target.value)}
        />
        <button type="button" className="search-head__cancel" onClick={vm.cancelTapped}>
          {SearchTexts.cancel}
        </button>
      </form>
      {vm.list ? (
        <PagedListView key={vm.keyword} model={vm.list} className="video-rows" skeleton="rows" render={renderRow} emptyText={SearchTexts.empty} />
      ) : (
        <p className="search-hint">{SearchTexts.hint}</p>
      )}
    </div>
  );
});
