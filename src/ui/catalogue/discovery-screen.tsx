import { observer } from 'mobx-react-lite';
import { CatalogueService } from '../../core/catalogue/catalogue-service.ts';
import type { Video } from '../../core/catalogue/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { DiscoveryViewModel } from './catalogue-view-models.ts';
import { VideoCard } from './video-card.tsx';

const renderWork = (video: Video) => (
  <VideoCard
    key={video.mediaKey}
    video={video}
    layout="row"
    extra={
      video.uploader && (
        <span className="video-card__uploader">
          <Avatar src={video.uploader.avatar} size={20} />
          {video.uploader.nickName}
        </span>
      )
    }
  />
);

/** /discovery — the newest works, newest first. */
export const DiscoveryScreen = observer(function DiscoveryScreen() {
  const vm = useViewModel((c) => new DiscoveryViewModel(c.get(CatalogueService)));
  return (
    <div className="page discovery-page">
      <header className="nav-bar">
        <h1 className="nav-bar__title">发现</h1>
      </header>
      <PullRefresh onRefresh={vm.list.refresh}>
        <PagedListView model={vm.list} className="video-rows" render={renderWork} />
      </PullRefresh>
    </div>
  );
});
