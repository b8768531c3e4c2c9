import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { ListFooter } from './list-footer.tsx';
import type { PagedListModel } from './paged-list-model.ts';
import { useNearBottom } from './use-near-bottom.ts';
import './list.css';

export const ListTexts = { loading: '正在加载', networkError: '网络不给力，请稍后重试', refresh: '刷新', empty: '暂无内容' } as const;

/** A loading or failed page: a spinner text, or the error with a refresh button. */
export function LoadingState() {
  return (
    <div className="list-state" role="status">
      <span className="list-state__spinner" aria-hidden="true" />
      {ListTexts.loading}
    </div>
  );
}

export function ErrorState({ onRefresh, message = ListTexts.networkError }: { onRefresh: () => void; message?: string }) {
  return (
    <div className="list-state list-state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="primary-button list-state__button" onClick={onRefresh}>
        {ListTexts.refresh}
      </button>
    </div>
  );
}

/**
 * A load-more list: the first page's loading and error states, the items (laid out by `className`),
 * the scroll trigger and the shared footer.
 */
export const PagedListView = observer(function PagedListView<T>({
  model,
  render,
  className,
  emptyText = ListTexts.empty,
}: {
  model: PagedListModel<T>;
  render: (item: T, index: number) => ReactNode;
  className?: string;
  emptyText?: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => model.start(), [model]);
  useNearBottom(end, model.nearBottom, [model, model.state]);
  if (model.firstLoading) return <LoadingState />;
  if (model.firstPageFailed) return <ErrorState onRefresh={() => void model.refresh()} />;
  if (model.empty) return <div className="list-state list-state--empty">{emptyText}</div>;
  return (
    <>
      <div className={className}>{model.items.map(render)}</div>
      <div ref={end} className="list-end" />
      <ListFooter state={model.footer} onRetry={model.retryTapped} />
    </>
  );
});
