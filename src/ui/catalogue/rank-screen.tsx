import Tabs from 'antd-mobile/es/components/tabs';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useViewModel } from '../app/container-context.tsx';
import { ErrorState, LoadingState } from '../common/list/paged-list-view.tsx';
import { PullRefresh } from '../common/list/pull-refresh.tsx';
import { RankModel } from './catalogue-view-models.ts';
import { VideoCard } from './video-card.tsx';

/** /rank — the popular ranking, numbered, with a tab per category. */
export const RankScreen = observer(function RankScreen() {
  const vm = useViewModel(RankModel);
  useEffect(() => vm.opened(), [vm]);
  return (
    <div className="page rank-page">
      <Tabs className="catalogue-tabs catalogue-tabs--top" activeKey={vm.category} onChange={vm.tabTapped}>
        {vm.tabs.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.name} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={vm.refresh}>
        {vm.failed ? (
          <ErrorState onRefresh={() => void vm.refresh()} />
        ) : vm.loading && vm.videos.length === 0 ? (
          <LoadingState skeleton="rows" />
        ) : (
          <div className="video-rows">
            {vm.videos.map((video, index) => (
              <VideoCard key={video.mediaKey} video={video} layout="row" rank={video.rank ?? index + 1} />
            ))}
          </div>
        )}
      </PullRefresh>
    </div>
  );
});
