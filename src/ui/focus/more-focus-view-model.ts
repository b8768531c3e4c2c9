import { makeAutoObservable, runInAction } from 'mobx';
import { formatCount } from '../../core/display/count.ts';
import { formatDuration } from '../../core/display/duration.ts';
import { formatImageUrl } from '../../core/display/image-url.ts';
import { FocusLimits } from '../../core/focus/focus-protocol.ts';
import type { FocusItem, FocusPost, FocusService, FocusSuggestion } from '../../core/focus/focus-service.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { PostingRoutes } from '../posting/posting-routes.ts';
import { POST_THUMB, type PostCardData } from '../posting/posts-view-models.ts';

/** A 推荐关注 row. */
export interface SuggestionRow {
  uid: number;
  nickName: string;
  avatar: string;
  introduce: string;
  worksText: string;
}

function postCard(post: FocusPost): PostCardData {
  const cover = formatImageUrl(post.cover, POST_THUMB);
  return {
    id: post.id,
    uid: post.uid,
    nickName: post.nickName || `用户${post.uid}`,
    avatar: post.avatar,
    vipLevel: post.vipLevel,
    text: post.contxt,
    labels: post.labels.filter(Boolean),
    place: post.place,
    time: post.time,
    coverUrl: cover.ok ? cover.url : '',
    durationText: post.duration > 0 ? formatDuration(post.duration) : '',
    likeText: post.likeCount > 0 ? formatCount(post.likeCount) : '',
  };
}

/**
 * /moreFocus: the videos and posts of the users one follows, newest first (load more); for one who follows nobody,
 * 推荐关注 (each to their space). Signed in only.
 */
export class MoreFocusViewModel {
  readonly list: PagedListModel<FocusItem>;
  /** Null until the first page arrived. */
  follows: number | null = null;
  suggestions: FocusSuggestion[] = [];

  constructor(
    private readonly service: Pick<FocusService, 'updates'>,
    private readonly navigator: Navigator,
    private readonly session: Pick<SessionModel, 'loggedIn'>,
  ) {
    this.list = new PagedListModel(async (page, size) => {
      const result = await this.service.updates(page, size);
      if (page === 1) {
        runInAction(() => {
          this.follows = result.follows;
          this.suggestions = result.suggestions;
        });
      }
      return { list: result.list };
    }, FocusLimits.defaultPageSize);
    makeAutoObservable<MoreFocusViewModel, 'service' | 'navigator' | 'session'>(this, { service: false, navigator: false, session: false, list: false }, { autoBind: true });
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor goes to /login, to come back here. */
  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace('/login', { redirect: '/moreFocus' });
  }

  /** Follows nobody: the empty page offers uploaders to follow instead of the list. */
  get followsNobody(): boolean {
    return this.follows === 0;
  }

  get suggestionRows(): SuggestionRow[] {
    return this.suggestions.map((s) => ({ uid: s.uid, nickName: s.nickName || `用户${s.uid}`, avatar: s.avatar, introduce: s.introduce, worksText: `${s.works}个作品` }));
  }

  postCardOf(post: FocusPost): PostCardData {
    return postCard(post);
  }

  postTapped(post: FocusPost): void {
    this.navigator.push(PostingRoutes.detail, { id: String(post.id) });
  }

  userTapped(uid: number): void {
    this.navigator.push(`/space/${uid}`);
  }
}

/** /moreFocus's view-model, bound with the catalogue screens (catalogue-screen-bindings.ts). */
export const MoreFocusModel = viewModelToken<MoreFocusViewModel>('MoreFocusViewModel');
