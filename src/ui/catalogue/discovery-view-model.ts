import { makeAutoObservable } from 'mobx';
import { DEFAULT_PAGE_SIZE, type CatalogueService } from '../../core/catalogue/catalogue-service.ts';
import type { Video } from '../../core/shared-kernel/video.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { POSTS_PAGE_SIZE, type PostsService } from '../../core/posts/posts-service.ts';
import type { SessionService } from '../../core/session/session-service.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { PostingRoutes } from '../posting/posting-routes.ts';
import { PostingTexts } from '../posting/posting-texts.ts';
import { toPostCard, type PostCardData } from '../posting/posts-view-models.ts';

export type DiscoveryTab = 'works' | 'posts' | 'follow';

export interface DiscoveryTabItem {
  key: DiscoveryTab;
  title: string;
  /** The red dot: the followed users posted since the 关注 list was last seen. */
  dot: boolean;
}

/**
 * /discovery (kept alive) — three lists: 作品 (the uploaders' newest works), 动态 (everyone's posts) and 关注 (the
 * posts of the users one follows). 关注 opens first when the user has new works; loading its first page tells the
 * server they were seen, and the user is then refreshed so the discovery dot goes.
 */
export class DiscoveryViewModel {
  tab: DiscoveryTab;
  readonly works: PagedListModel<Video>;
  private postsList: PagedListModel<PostCardData> | null = null;
  private followList: PagedListModel<PostCardData> | null = null;
  /** Whose 关注 list followList is (another login gets its own). */
  private followOwner: number | null = null;

  constructor(
    private readonly deps: {
      catalogue: Pick<CatalogueService, 'discovery'>;
      posts: Pick<PostsService, 'feed'>;
      session: SessionModel;
      sessions: Pick<SessionService, 'refreshUserInfo'>;
      navigator: Navigator;
    },
  ) {
    this.works = new PagedListModel((page, size) => deps.catalogue.discovery(page, size), DEFAULT_PAGE_SIZE);
    this.tab = deps.session.user?.newWorks ? 'follow' : 'works';
    makeAutoObservable<DiscoveryViewModel, 'deps' | 'followOwner'>(this, { deps: false, works: false, followOwner: false }, { autoBind: true });
  }

  get tabs(): DiscoveryTabItem[] {
    return [
      { key: 'works', title: PostingTexts.tabWorks, dot: false },
      { key: 'posts', title: PostingTexts.tabPosts, dot: false },
      { key: 'follow', title: PostingTexts.tabFollow, dot: Boolean(this.deps.session.user?.newWorks) },
    ];
  }

  get loggedIn(): boolean {
    return this.deps.session.loggedIn;
  }

  /** 动态: everyone's posts (made when the tab is first opened). */
  get posts(): PagedListModel<PostCardData> | null {
    return this.postsList;
  }

  /** 关注: the followed users' posts (null for a visitor, who is asked to log in). */
  get follow(): PagedListModel<PostCardData> | null {
    return this.followList;
  }

  /** The page is shown (first time or back to it): new works of the followed users open 关注, fresh. */
  shown(): void {
    if (this.deps.session.user?.newWorks) this.tabTapped('follow');
    else if (this.tab === 'follow') this.openFollow(false);
  }

  tabTapped(key: string): void {
    if (key !== 'works' && key !== 'posts' && key !== 'follow') return;
    this.tab = key;
    if (key === 'posts' && !this.postsList) this.postsList = new PagedListModel(this.feedPage('all'), POSTS_PAGE_SIZE);
    if (key === 'follow') this.openFollow(Boolean(this.deps.session.user?.newWorks));
  }

  /** Pull-to-refresh of the list shown. */
  refresh(): Promise<boolean> {
    if (this.tab === 'works') return this.works.refresh();
    const list = this.tab === 'posts' ? this.postsList : this.followList;
    return list ? list.refresh() : Promise.resolve(true);
  }

  postTapped(post: PostCardData): void {
    this.deps.navigator.push(PostingRoutes.detail, { id: String(post.id) });
  }

  loginTapped(): void {
    this.deps.navigator.push(PostingRoutes.login, { redirect: '/discovery' });
  }

  /** 关注's 更多关注: the followed users' videos as well as their posts (/moreFocus). */
  moreFocusTapped(): void {
    this.deps.navigator.push('/moreFocus');
  }

  /** Makes (or, with `fresh`, reloads) the 关注 list for whoever is logged in. */
  private openFollow(fresh: boolean): void {
    const user = this.deps.session.user;
    if (!user) {
      this.followList = null;
      this.followOwner = null;
      return;
    }
    if (!this.followList || this.followOwner !== user.id) {
      this.followOwner = user.id;
      this.followList = new PagedListModel(this.feedPage('follow'), POSTS_PAGE_SIZE);
      // The list view asks for the first page when it shows.
      return;
    }
    if (fresh) void this.followList.refresh();
  }

  private feedPage(scope: 'all' | 'follow') {
    return async (page: number, size: number) => {
      const result = await this.deps.posts.feed(scope, page, size);
      // Listing the followed users' posts marked them seen: the refreshed user has no newWorks, and the dot goes.
      if (scope === 'follow' && page === 1) void this.deps.sessions.refreshUserInfo();
      return { list: result.list.map(toPostCard) };
    };
  }
}

/** /discovery's view-model, bound by the composition root (catalogue-screen-bindings.ts). */
export const DiscoveryModel = viewModelToken<DiscoveryViewModel>('DiscoveryViewModel');
