import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Video } from '../../core/shared-kernel/video.ts';
import { formatDuration } from '../../core/display/duration.ts';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { LoginGuardModel, MyVideosModel } from './catalogue-view-models.ts';
import { VideoCard } from './video-card.tsx';

const renderHistory = (video: Video) => (
  <VideoCard
    key={video.mediaKey}
    video={video}
    layout="row"
    extra={video.progress ? <span className="video-card__uploader">观看至 {formatDuration(video.progress)}</span> : null}
  />
);
const renderRow = (video: Video) => <VideoCard key={video.mediaKey} video={video} layout="row" />;

/** A visitor is sent to /login with the page to come back to. */
const LoginGuard = observer(function LoginGuard({ children }: { children: React.ReactNode }) {
  const vm = useViewModel(LoginGuardModel);
  const location = useLocation();
  useEffect(() => vm.visitorSentToLogin(`${location.pathname}${location.search}`), [vm, vm.loggedIn, location.pathname, location.search]);
  return vm.loggedIn ? <>{children}</> : null;
});

const MyVideos = observer(function MyVideos({ kind }: { kind: 'history' | 'collection' }) {
  const vm = useViewModel(MyVideosModel, { kind });
  return kind === 'history' ? (
    <PagedListView model={vm.list} className="video-rows" skeleton="rows" render={renderHistory} emptyText="还没有观看记录" />
  ) : (
    <PagedListView model={vm.list} className="video-rows" skeleton="rows" render={renderRow} emptyText="还没有收藏视频" />
  );
});

/** /historicalRecords — what the user watched, newest first (login required). */
export function HistoryScreen() {
  return (
    <div className="page history-page">
      <NavBar title="观看记录" />
      <LoginGuard>
        <MyVideos kind="history" />
      </LoginGuard>
    </div>
  );
}

/** /myCollection — the user's collection (login required). */
export function CollectionScreen() {
  return (
    <div className="page collection-page">
      <NavBar title="我的收藏" />
      <LoginGuard>
        <MyVideos kind="collection" />
      </LoginGuard>
    </div>
  );
}
