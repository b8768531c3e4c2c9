import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';

/** Pull-to-refresh texts (spec: states — pull-to-refresh). */
export const PullTexts = { pulling: '下拉可以刷新', canRelease: '释放立即刷新', refreshing: '加载中...', complete: '刷新完成' } as const;

/** Pull down to refresh, with the spec's texts. */
export function PullRefresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={PullTexts.pulling}
      canReleaseText={PullTexts.canRelease}
      refreshingText={PullTexts.refreshing}
      completeText={PullTexts.complete}
    >
      {children}
    </PullToRefresh>
  );
}
