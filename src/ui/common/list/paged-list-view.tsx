import { observer } from 'mobx-react-lite';
import { useEffect, useRef, type ReactNode } from 'react';
import { ListFooter } from './list-footer.tsx';
import type { PagedListModel } from './paged-list-model.ts';
import { useNearBottom } from './use-near-bottom.ts';
import './list.css';

const ListTexts = { loading: '正在加载', networkError: '网络不给力，请稍后重试', refresh: '刷新', empty: '暂无内容' } as const;

/** A loading or failed page: a spinner text, or the error with a refresh button. */
/** How many placeholder cards a skeleton shows: a phone's first screen of them. */
const SKELETON_CARDS = { grid: 6, rows: 5 } as const;

/** The shape of a list's items while it loads: a grid of video cards, or rows of them. */
export type SkeletonLayout = keyof typeof SKELETON_CARDS;

/**
 * A loading list: grey cards in the items' own layout and sizes (16:9 covers, two text lines), so nothing moves when
 * the items arrive; or, without a layout, the spinner text.
 */
export function LoadingState({ skeleton }: { skeleton?: SkeletonLayout } = {}) {
  if (skeleton !== undefined) {
    return (
      <div className={`list-skeleton video-${skeleton === 'grid' ? 'grid' : 'rows'}`} role="status" aria-busy="true" data-testid="list-skeleton">
        <span className="visually-hidden">{ListTexts.loading}</span>
        {Array.from({ length: SKELETON_CARDS[skeleton] }, (_, i) => (
          <span key={i} className={`skeleton-card skeleton-card--${skeleton}`} aria-hidden="true">
            <span className="skeleton-card__cover" />
            <span className="skeleton-card__body">
              <span className="skeleton-card__line" />
              <span className="skeleton-card__line skeleton-card__line--short" />
            </span>
          </span>
        ))}
      </div>
    );
  }
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
  skeleton,
}: {
  model: PagedListModel<T>;
  render: (item: T, index: number) => ReactNode;
  className?: string;
  emptyText?: string;
  /** The first page's placeholder: cards in this layout (else the spinner text). */
  skeleton?: SkeletonLayout;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => model.opened(), [model]);
  useNearBottom(end, model.nearBottom, [model, model.state]);
  if (model.firstLoading) return <LoadingState skeleton={skeleton} />;
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
