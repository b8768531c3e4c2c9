import { canTriggerLoad, FooterState, LoadState } from '../display/list-state.ts';

interface PageResult<T> {
  list: readonly T[];
}

export type FetchPage<T> = (page: number, pageSize: number) => Promise<PageResult<T>>;

export interface PagedListState<T> {
  items: readonly T[];
  /** Pages loaded so far. */
  page: number;
  load: LoadState;
  /** True while a refresh (first page again) runs. */
  refreshing: boolean;
  /** The first page failed: nothing to show but an error and a refresh button. */
  firstPageFailed: boolean;
}

/** The shared footer for a state: loading, no more, failed, or none while idle with items. */
export function footerOf(state: PagedListState<unknown>): FooterState | null {
  if (state.load === LoadState.Loading) return FooterState.Loading;
  if (state.load === LoadState.NoMore) return state.items.length > 0 ? FooterState.NoMore : null;
  if (state.load === LoadState.Failed) return state.firstPageFailed ? null : FooterState.Failed;
  return null;
}

/**
 * A load-more list: only Idle (0) lets a trigger load the next page; a page shorter than the page size
 * means NoMore (2); a failure means Failed (3) until retry. A refresh starts again from page 1, and an
 * answer that arrives after a newer refresh began is dropped.
 */
export class PagedList<T> {
  private state: PagedListState<T> = { items: [], page: 0, load: LoadState.Idle, refreshing: false, firstPageFailed: false };
  private generation = 0;
  private readonly listeners = new Set<(state: PagedListState<T>) => void>();

  constructor(
    private readonly fetch: FetchPage<T>,
    readonly pageSize: number,
  ) {}

  current(): PagedListState<T> {
    return this.state;
  }

  subscribe(listener: (state: PagedListState<T>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The scroll trigger: loads the next page when the state is Idle; otherwise does nothing. */
  loadMore(): Promise<boolean> {
    if (!canTriggerLoad(this.state.load)) return Promise.resolve(false);
    return this.fetchPage(this.state.page + 1, false);
  }

  /** After a failure (the footer's retry tap, or the error page's refresh button). */
  retry(): Promise<boolean> {
    if (this.state.load !== LoadState.Failed) return Promise.resolve(false);
    return this.fetchPage(this.state.page + 1, false);
  }

  /** Loads page 1 again and replaces the items when it arrives (pull-to-refresh); answers whether it did. */
  refresh(): Promise<boolean> {
    return this.fetchPage(1, true);
  }

  /** Answers whether the page arrived and was applied. */
  private async fetchPage(page: number, replacing: boolean): Promise<boolean> {
    this.generation += 1;
    const generation = this.generation;
    const before = this.state.load === LoadState.Loading || this.state.load === LoadState.Failed ? LoadState.Idle : this.state.load;
    this.update({ load: LoadState.Loading, refreshing: replacing });
    try {
      const result = await this.fetch(page, this.pageSize);
      if (generation !== this.generation) return false;
      const items = replacing || page === 1 ? [...result.list] : [...this.state.items, ...result.list];
      this.update({
        items,
        page,
        load: result.list.length < this.pageSize ? LoadState.NoMore : LoadState.Idle,
        refreshing: false,
        firstPageFailed: false,
      });
      return true;
    } catch {
      if (generation !== this.generation) return false;
      // A failed refresh keeps what was shown (and its state); a failed first page has nothing to show.
      const nothingShown = this.state.items.length === 0;
      if (replacing && !nothingShown) this.update({ load: before, refreshing: false });
      else this.update({ load: LoadState.Failed, refreshing: false, firstPageFailed: nothingShown });
      return false;
    }
  }

  private update(patch: Partial<PagedListState<T>>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener(this.state);
  }
}
