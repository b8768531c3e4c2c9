import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import type { Video } from '../../core/shared-kernel/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { CategoryListModel, SORTS } from './catalogue-view-models.ts';
import { VideoCard } from './video-card.tsx';

const renderGrid = (video: Video) => <VideoCard key={video.mediaKey} video={video} />;

/** /list/:category — a category's videos in a grid, sorted, loading more as the user scrolls. */
export const ListScreen = observer(function ListScreen() {
  const { category = '' } = useParams();
  const vm = useViewModel(CategoryListModel, { category });
  return (
    <div className="page list-page">
      <NavBar title={vm.channelName || '片库'} />
      <div className="sort-bar" role="tablist">
        {SORTS.map((sort) => (
          <button
            key={sort.key}
            type="button"
            role="tab"
            aria-selected={vm.sort === sort.key}
            className={`sort-bar__item ${vm.sort === sort.key ? 'sort-bar__item--active' : ''}`}
            onClick={() => vm.sortTapped(sort.key)}
          >
            {sort.label}
          </button>
        ))}
      </div>
      <PullRefresh onRefresh={vm.list.refresh}>
        <PagedListView key={vm.sort} model={vm.list} className="video-grid" skeleton="grid" render={renderGrid} />
      </PullRefresh>
    </div>
  );
});
