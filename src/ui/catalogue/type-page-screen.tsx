import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import type { Video } from '../../core/shared-kernel/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { TypePageModel } from './type-page-view-model.ts';
import { VideoCard } from './video-card.tsx';
import './catalogue.css';

const renderGrid = (video: Video) => <VideoCard key={video.mediaKey} video={video} />;

/** /typePage (?category=): the catalogue filter, one row of chips per filter, the matching videos below. */
export const TypePageScreen = observer(function TypePageScreen() {
  const [search] = useSearchParams();
  const vm = useViewModel(TypePageModel, { category: search.get('category') ?? '' });
  return (
    <div className="page type-page">
      <NavBar title="分类" />
      <div className="type-filter" data-testid="type-filter">
        {vm.rows.map((row) => (
          <div key={row.key} className="type-filter__row" role="radiogroup" aria-label={row.label}>
            {row.chips.map((chip) => (
              <button
                key={chip.value || 'all'}
                type="button"
                role="radio"
                aria-checked={row.chosen === chip.value}
                className={`type-filter__chip ${row.chosen === chip.value ? 'type-filter__chip--active' : ''}`}
                onClick={() => vm.chipTapped(row.key, chip.value)}
              >
                {chip.label}
              </button>
            ))}
          </div>
        ))}
      </div>
      <PullRefresh onRefresh={vm.list.refresh}>
        <PagedListView key={JSON.stringify(vm.choice)} model={vm.list} className="video-grid" skeleton="grid" render={renderGrid} />
      </PullRefresh>
    </div>
  );
});
