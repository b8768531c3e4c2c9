import { makeAutoObservable, runInAction } from 'mobx';
import { footerOf, PagedList, type FetchPage, type PagedListState } from '../../../core/catalogue/paged-list.ts';
import { LoadState, type FooterState } from '../../../core/display/list-state.ts';

/** A load-more list as MobX state: the core's paging machine mirrored, with the intents a list screen needs. */
export class PagedListModel<T> {
  state: PagedListState<T>;
  private readonly list: PagedList<T>;

  constructor(fetch: FetchPage<T>, pageSize: number) {
    this.list = new PagedList(fetch, pageSize);
    this.state = this.list.current();
    makeAutoObservable<PagedListModel<T>, 'list'>(this, { list: false }, { autoBind: true });
    this.list.subscribe((next) => runInAction(() => (this.state = next)));
  }

  get items(): readonly T[] {
    return this.state.items;
  }

  get footer(): FooterState | null {
    return footerOf(this.state);
  }

  /** Nothing loaded yet and the first page is on its way. */
  get firstLoading(): boolean {
    return this.state.page === 0 && this.state.load === LoadState.Loading && !this.state.refreshing;
  }

  get firstPageFailed(): boolean {
    return this.state.firstPageFailed;
  }

  /** Loaded to the end and nothing in it. */
  get empty(): boolean {
    return this.state.load === LoadState.NoMore && this.state.items.length === 0;
  }

  /** The first page, once (a kept-alive screen keeps what it has). */
  opened(): void {
    if (this.state.page === 0 && this.state.load === LoadState.Idle) void this.list.loadMore();
  }

  nearBottom(): void {
    void this.list.loadMore();
  }

  retryTapped(): void {
    void this.list.retry();
  }

  /** Pull-to-refresh and the error page's refresh button. */
  refresh(): Promise<boolean> {
    return this.list.refresh();
  }
}
