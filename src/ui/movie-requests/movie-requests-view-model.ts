import { makeAutoObservable, runInAction } from 'mobx';
import { MOVIE_KINDS, type MovieKind, type RequestedVideo } from '../../core/movie-requests/movie-requests-protocol.ts';
import { MovieRequestLimits, MovieRequestTexts, SeekingMoviesTexts } from '../../core/movie-requests/movie-requests-texts.ts';
import type { MovieRequest, MovieRequestsService } from '../../core/movie-requests/movie-requests-service.ts';
import { MOVIE_KIND_LABELS, MOVIE_REQUEST_STATE_LABELS, kindYearText, wantsText } from '../../core/movie-requests/title-rules.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import type { SessionModel } from '../app/session-model.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';
import { playPathOf } from '../playback/play-view-model.ts';

export type SeekingTab = 'hot' | 'mine';

/** What the form says after a submit: a new or merged request, the catalogue's video, or what was wrong. */
export interface FormNotice {
  tone: 'ok' | 'warn';
  text: string;
  /** 片库已有: the video to watch. */
  video: RequestedVideo | null;
}

/** One request as a list shows it. */
export interface RequestRow {
  id: number;
  title: string;
  meta: string;
  note: string;
  state: MovieRequest['state'];
  stateText: string;
  wantsText: string;
  /** 同求 can be tapped: open, and neither filed nor wanted by the user. */
  canWant: boolean;
  wantText: string;
  wanting: boolean;
  video: RequestedVideo | null;
}

/** What the user changed on a request since the list was loaded: a +1. */
interface WantOverlay {
  wants: number;
  wanted: boolean;
}

/**
 * /seekingMovies: the request form (片名 required, 年份, 类型, 备注), 热门求片 (open requests, most wanted first, 同求
 * once) and 我的求片 (the user's requests and their states, 已上线 leading to the video). Signed in only.
 */
export class MovieRequestsViewModel {
  tab: SeekingTab = 'hot';
  title = '';
  year = '';
  kind: MovieKind = 'movie';
  note = '';
  submitting = false;
  notice: FormNotice | null = null;
  readonly hot: PagedListModel<MovieRequest>;
  readonly mine: PagedListModel<MovieRequest>;
  private readonly overlay = new Map<number, WantOverlay>();
  private readonly wantingIds = new Set<number>();

  constructor(
    private readonly service: Pick<MovieRequestsService, 'file' | 'want' | 'hot' | 'mine'>,
    private readonly navigator: Navigator,
    private readonly session: Pick<SessionModel, 'loggedIn'>,
  ) {
    this.hot = new PagedListModel(async (page, size) => ({ list: (await this.service.hot(page, size)).list }), MovieRequestLimits.defaultPageSize);
    this.mine = new PagedListModel(async (page, size) => ({ list: (await this.service.mine(page, size)).list }), MovieRequestLimits.defaultPageSize);
    makeAutoObservable<MovieRequestsViewModel, 'service' | 'navigator' | 'session'>(
      this,
      { service: false, navigator: false, session: false, hot: false, mine: false },
      { autoBind: true },
    );
  }

  get loggedIn(): boolean {
    return this.session.loggedIn;
  }

  /** A visitor goes to /login, to come back here. */
  visitorSentToLogin(): void {
    if (!this.session.loggedIn) this.navigator.replace('/login', { redirect: '/seekingMovies' });
  }

  get kinds(): readonly { key: MovieKind; label: string }[] {
    return MOVIE_KINDS.map((key) => ({ key, label: MOVIE_KIND_LABELS[key] }));
  }

  get titleCount(): string {
    return `${[...this.title].length}/${MovieRequestLimits.maxTitle}`;
  }

  get canSubmit(): boolean {
    return this.title.trim() !== '' && !this.submitting;
  }

  titleChanged(value: string): void {
    this.title = value;
    this.notice = null;
  }

  yearChanged(value: string): void {
    this.year = value.replace(/\D/g, '').slice(0, 4);
  }

  kindChanged(value: string): void {
    const kind = MOVIE_KINDS.find((candidate) => candidate === value);
    if (kind) this.kind = kind;
  }

  noteChanged(value: string): void {
    this.note = value;
  }

  tabTapped(tab: string): void {
    if (tab === 'hot' || tab === 'mine') this.tab = tab;
  }

  async submitTapped(): Promise<void> {
    if (!this.canSubmit) return;
    this.submitting = true;
    const outcome = await this.service.file({ title: this.title, year: this.year, kind: this.kind, note: this.note });
    runInAction(() => {
      this.submitting = false;
      switch (outcome.kind) {
        case 'filed':
        case 'merged':
          this.notice = { tone: 'ok', text: outcome.kind === 'filed' ? MovieRequestTexts.Filed : MovieRequestTexts.Merged, video: null };
          this.title = '';
          this.year = '';
          this.note = '';
          this.tab = 'mine';
          void this.mine.refresh();
          void this.hot.refresh();
          break;
        case 'exists':
          this.notice = { tone: 'ok', text: `${MovieRequestTexts.Exists}：《${outcome.video.title}》`, video: outcome.video };
          break;
        case 'refused':
          this.notice = { tone: 'warn', text: outcome.message, video: null };
          break;
        case 'login':
          this.visitorSentToLogin();
          break;
        case 'failed':
          break;
      }
    });
  }

  /** 同求: the count goes up once the server counted it; 已同求 (from another device) is shown as such. */
  async wantTapped(id: number): Promise<void> {
    if (this.wantingIds.has(id)) return;
    this.wantingIds.add(id);
    const outcome = await this.service.want(id);
    runInAction(() => {
      this.wantingIds.delete(id);
      if (outcome.kind === 'wanted') this.overlay.set(id, { wants: outcome.wants, wanted: true });
      else if (outcome.kind === 'refused') void this.hot.refresh();
      else if (outcome.kind === 'login') this.visitorSentToLogin();
    });
  }

  videoTapped(video: RequestedVideo): void {
    this.navigator.push(playPathOf(video.mediaKey));
  }

  rowOf(request: MovieRequest): RequestRow {
    const overlay = this.overlay.get(request.id);
    const wants = Math.max(request.wants, overlay?.wants ?? 0);
    const wanted = request.wanted || overlay?.wanted === true;
    return {
      id: request.id,
      title: request.title,
      meta: kindYearText(request.kind, request.year),
      note: request.note,
      state: request.state,
      stateText: MOVIE_REQUEST_STATE_LABELS[request.state],
      wantsText: wantsText(wants),
      canWant: request.state === 'pending' && !wanted && !request.mine,
      wantText: request.mine ? SeekingMoviesTexts.own : wanted ? SeekingMoviesTexts.wanted : SeekingMoviesTexts.want,
      wanting: this.wantingIds.has(request.id),
      video: request.video,
    };
  }
}

/** /seekingMovies' view-model, bound by the composition root (movie-requests-bindings.ts). */
export const MovieRequestsModel = viewModelToken<MovieRequestsViewModel>('MovieRequestsViewModel');
