import Tabs from 'antd-mobile/es/components/tabs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Video } from '../../core/shared-kernel/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { PostCard } from '../posting/post-card.tsx';
import { PostingTexts } from '../posting/posting-texts.ts';
import type { PostCardData } from '../posting/posts-view-models.ts';
import { DiscoveryModel } from './discovery-view-model.ts';
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

/** /discovery — 作品 (the newest works), 动态 (everyone's posts) and 关注 (posts of the users one follows). */
export const DiscoveryScreen = observer(function DiscoveryScreen() {
  const vm = useViewModel(DiscoveryModel);
  const { pathname, key } = useLocation();
  // Each time the page is shown (it is kept alive): new works of the followed users open 关注.
  useEffect(() => {
    if (pathname === '/discovery') vm.shown();
  }, [pathname, key, vm]);
  const renderPost = (post: PostCardData) => <PostCard key={post.id} post={post} showAuthor onOpen={() => vm.postTapped(post)} />;
  return (
    <div className="page discovery-page">
      <header className="nav-bar">
        <h1 className="nav-bar__title">发现</h1>
      </header>
      <Tabs className="catalogue-tabs discovery-tabs" activeKey={vm.tab} onChange={vm.tabTapped}>
        {vm.tabs.map((tab) => (
          <Tabs.Tab
            key={tab.key}
            title={
              <span className="discovery-tab__title" data-testid={`discovery-tab-${tab.key}`}>
                {tab.title}
                {tab.dot && <span className="discovery-tab__dot" data-testid="discovery-follow-dot" aria-label="有新动态" />}
              </span>
            }
          />
        ))}
      </Tabs>
      <PullRefresh onRefresh={vm.refresh}>
        {vm.tab === 'works' && <PagedListView model={vm.works} className="video-rows" skeleton="rows" render={renderWork} />}
        {vm.tab === 'posts' && vm.posts && <PagedListView model={vm.posts} className="post-list" render={renderPost} emptyText={PostingTexts.postsEmpty} />}
        {vm.tab === 'follow' &&
          (vm.loggedIn ? (
            <>
              <button type="button" className="discovery-more-focus" onClick={vm.moreFocusTapped}>
                <span>关注的UP主的视频与动态</span>
                <span className="discovery-more-focus__link">更多关注 ›</span>
              </button>
              {vm.follow && <PagedListView model={vm.follow} className="post-list" render={renderPost} emptyText={PostingTexts.followEmpty} />}
            </>
          ) : (
            <div className="posting-empty" data-testid="discovery-follow-login">
              <p>{PostingTexts.followLogin}</p>
              <button type="button" className="primary-button" onClick={vm.loginTapped}>{PostingTexts.login}</button>
            </div>
          ))}
      </PullRefresh>
    </div>
  );
});
