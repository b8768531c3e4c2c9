import Tabs from 'antd-mobile/es/components/tabs';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { readSubId } from '../../core/catalogue/channels.ts';
import type { Video } from '../../core/shared-kernel/video.ts';
import { useViewModel } from '../app/container-context.tsx';
import { PagedListView } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { NavBar } from '../common/nav-bar.tsx';
import { MiniChannelModel } from './catalogue-view-models.ts';
import { VideoCard } from './video-card.tsx';

const renderGrid = (video: Video) => <VideoCard key={video.mediaKey} video={video} />;

/** /miniVideoChannel?titleId=&subID= — a short-video channel with its sub-channel tabs (全部 first). */
export function MiniVideoChannelScreen() {
  const [query] = useSearchParams();
  const titleId = query.get('titleId') ?? '';
  const subId = readSubId(query.get('subID'));
  // The page is kept alive by path: another channel (query) gets a fresh view-model.
  return <MiniVideoChannel key={`${titleId}:${subId}`} titleId={titleId} subId={subId} />;
}

const MiniVideoChannel = observer(function MiniVideoChannel({ titleId, subId }: { titleId: string; subId: number }) {
  const vm = useViewModel(MiniChannelModel, { titleId, subId });
  const subs = vm.channel?.subChannels ?? [];
  return (
    <div className="page mini-channel-page">
      <NavBar title={vm.title || '频道'} />
      {subs.length > 0 && (
        <Tabs className="catalogue-tabs" activeKey={String(vm.subId)} onChange={(key) => vm.subTapped(Number(key))}>
          <Tabs.Tab key="0" title="全部" />
          {subs.map((sub) => (
            <Tabs.Tab key={String(sub.id)} title={sub.name} />
          ))}
        </Tabs>
      )}
      <PullRefresh onRefresh={vm.list.refresh}>
        <PagedListView key={vm.subId} model={vm.list} className="video-grid" skeleton="grid" render={renderGrid} />
      </PullRefresh>
    </div>
  );
});
