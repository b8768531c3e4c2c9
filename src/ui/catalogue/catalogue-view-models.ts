import { makeAutoObservable, runInAction } from 'mobx';
import type { CatalogueService, ListSort } from '../../core/catalogue/catalogue-service.ts';
import { DEFAULT_PAGE_SIZE } from '../../core/catalogue/catalogue-service.ts';
import type { Channel, SpaceProfile, Video } from '../../core/shared-kernel/video.ts';
import { debounce, type Debounced } from '../../core/display/debounce.ts';
import type { Clock } from '../../core/ports/clock.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { POSTS_PAGE_SIZE, type PostsService } from '../../core/posts/posts-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { PostingRoutes } from '../posting/posting-routes.ts';
import { PostingTexts } from '../posting/posting-texts.ts';
import { toPostCard, type PostCardData } from '../posting/posts-view-models.ts';

export const SORTS: readonly { key: ListSort; label: string }[] = [
  { key: 'new', label: '最新' },
  { key: 'hot', label: '最热' },
  { key: 'score', label: '高分' },
];

/** /list/:category — a category's videos with a sort, paged. */
export class CategoryListViewModel {
  sort: ListSort = 'new';
  channelName = '';
  list: PagedListModel<Video>;

  constructor(
    private readonly service: CatalogueService,
    readonly category: string,
  ) {
    this.list = this.makeList();
    makeAutoObservable<CategoryListViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  private makeList(): PagedListModel<Video> {
    const sort = this.sort;
    return new PagedListModel(async (page, size) => {
      const result = await this.service.list({ category: this.category, sort }, page, size);
      if (result.channel) runInAction(() => (this.channelName = result.channel?.name ?? ''));
      return result;
    }, DEFAULT_PAGE_SIZE);
  }

  sortTapped(sort: ListSort): void {
    if (sort === this.sort) return;
    this.sort = sort;
    this.list = this.makeList();
  }
}

/** /miniVideoChannel?titleId=&subID= — a short-video channel, narrowed to a sub-channel. */
export class MiniChannelViewModel {
  subId: number;
  channel: Channel | null = null;
  list: PagedListModel<Video>;

  constructor(
    private readonly service: CatalogueService,
    readonly titleId: string,
    subId: number,
  ) {
    this.subId = subId;
    this.list = this.makeList();
    makeAutoObservable<MiniChannelViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  get title(): string {
    return this.channel?.name ?? '';
  }

  private makeList(): PagedListModel<Video> {
    const subId = this.subId;
    return new PagedListModel(async (page, size) => {
      const result = await this.service.list({ category: this.titleId, subId, sort: 'new' }, page, size);
      if (result.channel) runInAction(() => (this.channel = result.channel));
      return result;
    }, DEFAULT_PAGE_SIZE);
  }

  subTapped(subId: number): void {
    if (subId === this.subId) return;
    this.subId = subId;
    this.list = this.makeList();
  }
}

/** /rank — the popular ranking, all or per category. */
export class RankViewModel {
  channels: Channel[] = [];
  category = '';
  videos: Video[] = [];
  loading = false;
  failed = false;

  constructor(private readonly service: CatalogueService) {
    makeAutoObservable<RankViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  /** Tabs: 全部 then the long-form categories. */
  get tabs(): { key: string; name: string }[] {
    return [{ key: '', name: '全部' }, ...this.channels.filter((c) => c.kind === 'long').map((c) => ({ key: c.key, name: c.name }))];
  }

  opened(): void {
    if (this.videos.length === 0 && !this.loading) void this.refresh();
  }

  async refresh(): Promise<void> {
    this.loading = true;
    const category = this.category;
    try {
      const [channels, videos] = await Promise.all([this.channels.length ? Promise.resolve(this.channels) : this.service.channels(), this.service.rank(category)]);
      runInAction(() => {
        if (category !== this.category) return;
        this.channels = channels;
        this.videos = videos;
        this.failed = false;
      });
    } catch {
      runInAction(() => (this.failed = this.videos.length === 0));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  tabTapped(category: string): void {
    if (category === this.category) return;
    this.category = category;
    this.videos = [];
    void this.refresh();
  }
}

/** /searchPage — a title search, run 300 ms after typing stops. */
export class SearchViewModel {
  input = '';
  keyword = '';
  list: PagedListModel<Video> | null = null;
  private readonly searchLater: Debounced<[string]>;

  constructor(
    private readonly service: CatalogueService,
    clock: Clock,
    private readonly navigator: Navigator,
    initial = '',
  ) {
    this.searchLater = debounce(clock, (keyword: string) => this.search(keyword));
    makeAutoObservable<SearchViewModel, 'service' | 'navigator' | 'searchLater'>(this, { service: false, navigator: false, searchLater: false }, { autoBind: true });
    if (initial) {
      this.input = initial;
      this.search(initial);
    }
  }

  typed(text: string): void {
    this.input = text;
    this.searchLater(text);
  }

  submitted(): void {
    this.searchLater.cancel();
    this.search(this.input);
  }

  cancelTapped(): void {
    this.searchLater.cancel();
    this.navigator.back();
  }

  dispose(): void {
    this.searchLater.cancel();
  }

  private search(text: string): void {
    const keyword = text.trim();
    if (keyword === this.keyword && this.list) return;
    this.keyword = keyword;
    this.list = keyword === '' ? null : new PagedListModel((page, size) => this.service.search(keyword, page, size), DEFAULT_PAGE_SIZE);
  }
}

export type SpaceTab = 'works' | 'posts';

/** /space/:id — a user's profile, with two lists: 作品 (their videos) and 动态 (their posts, loaded when first shown). */
export class SpaceViewModel {
  profile: SpaceProfile | null = null;
  tab: SpaceTab = 'works';
  readonly list: PagedListModel<Video>;
  private postsList: PagedListModel<PostCardData> | null = null;

  constructor(
    private readonly deps: {
      catalogue: Pick<CatalogueService, 'space'>;
      posts: Pick<PostsService, 'myPosts'>;
      navigator: Navigator;
    },
    readonly uid: number,
  ) {
    this.list = new PagedListModel(async (page, size) => {
      const result = await deps.catalogue.space(uid, page, size);
      if (result.user) runInAction(() => (this.profile = result.user));
      return result;
    }, DEFAULT_PAGE_SIZE);
    makeAutoObservable<SpaceViewModel, 'deps'>(this, { deps: false, uid: false, list: false, tabs: false }, { autoBind: true });
  }

  readonly tabs: readonly { key: SpaceTab; title: string }[] = [
    { key: 'works', title: PostingTexts.tabWorks },
    { key: 'posts', title: PostingTexts.tabPosts },
  ];

  /** The user's posts, once 动态 was opened (no list for an id no user can have). */
  get posts(): PagedListModel<PostCardData> | null {
    return this.postsList;
  }

  tabTapped(key: string): void {
    if (key !== 'works' && key !== 'posts') return;
    this.tab = key;
    if (key === 'posts' && !this.postsList && this.uid > 0) {
      const uid = this.uid;
      this.postsList = new PagedListModel(
        async (page, size) => ({ list: (await this.deps.posts.myPosts(page, size, uid)).list.map(toPostCard) }),
        POSTS_PAGE_SIZE,
      );
    }
  }

  postTapped(post: PostCardData): void {
    this.deps.navigator.push(PostingRoutes.detail, { id: String(post.id) });
  }
}

/** /historicalRecords and /myCollection — the logged-in user's lists. */
export class MyVideosViewModel {
  readonly list: PagedListModel<Video>;

  constructor(service: CatalogueService, kind: 'history' | 'collection') {
    this.list = new PagedListModel(
      (page, size) => (kind === 'history' ? service.playRecords(page, size) : service.collections(page, size)),
      DEFAULT_PAGE_SIZE,
    );
  }
}

/** The login guard of /historicalRecords and /myCollection: a visitor is sent to /login with the page to come back to. */
export class LoginGuardViewModel {
  constructor(
    private readonly session: Pick<SessionModel, 'loggedIn'>,
    private readonly navigator: Navigator,
  ) {
    makeAutoObservable<LoginGuardViewModel, 'session' | 'navigator'>(this, { session: false, navigator: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor (or a user whose session ended) goes to /login, to come back to `page` (path and query). */
  visitorSentToLogin(page: string): void {
    if (!this.session.loggedIn) this.navigator.replace('/login', { redirect: page });
  }
}

// The catalogue screens' view-models, bound by the composition root (catalogue-screen-bindings.ts).
export const CategoryListModel = viewModelToken<CategoryListViewModel, { category: string }>('CategoryListViewModel');
export const MiniChannelModel = viewModelToken<MiniChannelViewModel, { titleId: string; subId: number }>('MiniChannelViewModel');
export const RankModel = viewModelToken<RankViewModel>('RankViewModel');
/** `keyword`: the search the page opens with (?keyword=), or ''. */
export const SearchModel = viewModelToken<SearchViewModel, { keyword: string }>('SearchViewModel');
export const SpaceModel = viewModelToken<SpaceViewModel, { uid: number }>('SpaceViewModel');
export const MyVideosModel = viewModelToken<MyVideosViewModel, { kind: 'history' | 'collection' }>('MyVideosViewModel');
export const LoginGuardModel = viewModelToken<LoginGuardViewModel>('LoginGuardViewModel');
