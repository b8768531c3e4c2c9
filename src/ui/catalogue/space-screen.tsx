import Tabs from 'antd-mobile/es/components/tabs';
import { observer } from 'mobx-react-lite';
import { useParams } from 'react-router-dom';
import type { Video } from '../../core/shared-kernel/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { Avatar, Count, LevelIcon, SexIcon } from '../common/display.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { PostCard } from '../posting/post-card.tsx';
import { PostingTexts } from '../posting/posting-texts.ts';
import type { PostCardData } from '../posting/posts-view-models.ts';
import { SpaceSocialActions } from '../social/space-actions.tsx';
import { SpaceModel } from './catalogue-view-models.ts';
import { VideoCard } from './video-card.tsx';

const renderGrid = (video: Video) => <VideoCard key={video.mediaKey} video={video} />;

/** /space/:id — a user's profile, their videos (作品) and their posts (动态). */
export const SpaceScreen = observer(function SpaceScreen() {
  const { id = '' } = useParams();
  const uid = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const vm = useViewModel(SpaceModel, { uid });
  const renderPost = (post: PostCardData) => <PostCard key={post.id} post={post} onOpen={() => vm.postTapped(post)} />;
  const user = vm.profile;
  return (
    <div className="page space-page">
      <NavBar title={user?.nickName ?? '个人空间'} />
      {user && (
        <section className="space-header" data-testid="space-header">
          <Avatar src={user.avatar} bigV={user.bigV} vipLevel={user.vipLevel} size={64} />
          <div>
            <h2 className="space-header__name">
              {user.nickName} <SexIcon sex={user.sex} /> <LevelIcon level={user.level} />
            </h2>
            <p className="space-header__intro">{user.introduce || '这个人很懒，什么都没有留下'}</p>
            <p className="space-header__stats">
              作品获得 <Count value={user.totalPlays} /> 次播放
            </p>
            <SpaceSocialActions uid={user.uid} nickName={user.nickName} avatar={user.avatar} />
          </div>
        </section>
      )}
      {user && (
        <Tabs className="catalogue-tabs space-tabs" activeKey={vm.tab} onChange={vm.tabTapped}>
          {vm.tabs.map((tab) => (
            <Tabs.Tab key={tab.key} title={<span data-testid={`space-tab-${tab.key}`}>{tab.title}</span>} />
          ))}
        </Tabs>
      )}
      {vm.tab === 'works' && <PagedListView model={vm.list} className="video-grid" skeleton="grid" render={renderGrid} emptyText="还没有作品" />}
      {vm.tab === 'posts' && vm.posts && (
        <PagedListView model={vm.posts} className="post-list" render={renderPost} emptyText={PostingTexts.spacePostsEmpty} />
      )}
    </div>
  );
});
