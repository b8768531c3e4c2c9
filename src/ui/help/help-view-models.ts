import { makeAutoObservable, runInAction } from 'mobx';
import { HIDE_NAV_BAR, HelpPaths, type HelpArticle, type HelpCategoryWithQuestions, type HelpQuestion } from '../../core/help/help.ts';
import { HelpTexts } from '../../core/help/help-texts.ts';
import type { HelpService } from '../../core/help/help-service.ts';
import { articleLinkTarget, framePageView, type ArticleLink, type FramePageView } from '../../core/help/article-links.ts';
import { fitTvState, initialTvState, tvStep, type TvFocusState, type TvItemKind, type TvKey, type TvLayout } from '../../core/help/tv-focus.ts';
import type { Navigator, Query } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';

export type LoadStatus = 'loading' | 'ready' | 'failed';

/** /help: the categories with their questions; opening a question remembers its category for the way back. */
export class HelpCenterViewModel {
  status: LoadStatus = 'loading';
  categories: HelpCategoryWithQuestions[] = [];
  /** The category to scroll to once the list is shown (the one visited before coming back), or null. */
  scrollTarget: number | null;

  constructor(
    private readonly deps: { service: HelpService; navigator: Navigator },
    readonly hideNavBar: boolean,
  ) {
    this.scrollTarget = deps.service.takeVisit();
    makeAutoObservable<HelpCenterViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  get feedbackVisible(): boolean {
    return !this.hideNavBar;
  }

  get empty(): boolean {
    return this.status === 'ready' && this.categories.length === 0;
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const categories = await this.deps.service.center();
      runInAction(() => {
        this.categories = categories;
        this.status = 'ready';
        if (this.scrollTarget !== null && this.scrollTarget >= categories.length) this.scrollTarget = null;
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  /** The screen's start: the data's fetch (load() again retries). */
  opened(): Promise<void> {
    return this.load();
  }

  questionTapped(categoryIndex: number, question: HelpQuestion): void {
    this.deps.service.rememberVisit(categoryIndex);
    const query: Query = { id: String(question.id), index: String(categoryIndex) };
    if (this.hideNavBar) query[HIDE_NAV_BAR] = '1';
    this.deps.navigator.push(HelpPaths.detail, query);
  }

  feedbackTapped(): void {
    this.deps.navigator.push(HelpPaths.feedback);
  }

  scrolledBack(): void {
    this.scrollTarget = null;
  }
}

export type ArticleStatus = LoadStatus | 'missing';

/** /helpDetail: one article; its HTML is shown only through the sanitiser the screen gives. */
export class HelpDetailViewModel {
  status: ArticleStatus = 'loading';
  article: HelpArticle | null = null;

  constructor(
    private readonly deps: { service: HelpService; sanitize: (html: string) => string },
    readonly id: number | null,
    categoryIndex: number | null,
  ) {
    if (categoryIndex !== null) deps.service.rememberVisit(categoryIndex);
    makeAutoObservable<HelpDetailViewModel, 'deps'>(this, { deps: false }, { autoBind: true });
  }

  /** The article's title (用户协议和隐私政策 for 70), or '' until it is loaded. */
  get title(): string {
    return this.article?.title ?? '';
  }

  /** The sanitised HTML: no script, event handler or javascript: link survives. */
  get safeHtml(): string {
    return this.article ? this.deps.sanitize(this.article.html) : '';
  }

  get message(): string {
    return this.status === 'missing' ? HelpTexts.articleMissing : this.status === 'failed' ? HelpTexts.loadFailed : '';
  }

  async opened(): Promise<void> {
    if (this.id === null) {
      this.status = 'missing';
      return;
    }
    this.status = 'loading';
    try {
      const article = await this.deps.service.article(this.id);
      runInAction(() => {
        this.article = article;
        this.status = article ? 'ready' : 'missing';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }
}

export interface TvItem {
  key: string;
  kind: TvItemKind;
  /** The category's or question's id. */
  id: number;
  title: string;
}

/** /tvhelpCenter and /tvdeal: the remote drives the list, the content pane and leaving (core/help/tv-focus.ts). */
export class TvHelpViewModel {
  status: LoadStatus = 'loading';
  items: TvItem[] = [];
  state: TvFocusState;
  article: HelpArticle | null = null;
  articleStatus: ArticleStatus | 'none' = 'none';
  maxScroll = 0;
  private loadSeq = 0;

  constructor(
    private readonly deps: { service: HelpService; sanitize: (html: string) => string; leave: () => void },
    /** /tvdeal: the one article to show, or null for the help centre. */
    readonly dealId: number | null = null,
  ) {
    if (dealId === null) {
      this.state = initialTvState();
    } else {
      // The one item is known before anything loads, so a pane measured early cannot drop the content zone.
      this.items = dealId > 0 ? [{ key: `q${dealId}`, kind: 'question', id: dealId, title: '' }] : [];
      this.state = dealId > 0 ? initialTvState({ zone: 'content', opened: 0 }) : initialTvState();
    }
    makeAutoObservable<TvHelpViewModel, 'deps' | 'loadSeq'>(this, { deps: false, loadSeq: false }, { autoBind: true });
  }

  get single(): boolean {
    return this.dealId !== null;
  }

  private get layout(): TvLayout {
    return { kinds: this.items.map((item) => item.kind), maxScroll: this.maxScroll, single: this.single };
  }

  get safeHtml(): string {
    return this.article ? this.deps.sanitize(this.article.html) : '';
  }

  async opened(): Promise<void> {
    this.status = 'loading';
    try {
      if (this.dealId !== null) {
        const id = this.dealId;
        runInAction(() => {
          this.status = 'ready';
          if (id <= 0) this.articleStatus = 'missing';
        });
        if (id > 0) await this.open(0);
        return;
      }
      const center = await this.deps.service.center();
      runInAction(() => {
        this.items = center.flatMap((category) => [
          { key: `c${category.id}`, kind: 'category' as const, id: category.id, title: category.title },
          ...category.sublist.map((question) => ({ key: `q${question.id}`, kind: 'question' as const, id: question.id, title: question.title })),
        ]);
        this.state = fitTvState(this.state, this.layout);
        this.status = 'ready';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  keyPressed(key: TvKey): void {
    if (this.status !== 'ready') {
      if (key === 'back') this.deps.leave();
      return;
    }
    const step = tvStep(this.state, key, this.layout);
    this.state = step.state;
    if (step.effect.kind === 'open') void this.open(step.effect.index);
    else if (step.effect.kind === 'leave') this.deps.leave();
  }

  /** The pane's scrollable distance changed (an article was shown, the window resized). */
  paneMeasured(maxScroll: number): void {
    this.maxScroll = Math.max(0, maxScroll);
    this.state = fitTvState(this.state, this.layout);
  }

  private async open(index: number): Promise<void> {
    const item = this.items[index];
    if (!item) return;
    const seq = ++this.loadSeq;
    this.articleStatus = 'loading';
    try {
      const article = await this.deps.service.article(item.id);
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.article = article;
        this.articleStatus = article ? 'ready' : 'missing';
        if (article && this.single) this.items = [{ ...item, title: article.title }];
      });
    } catch {
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.article = null;
        this.articleStatus = 'failed';
      });
    }
  }
}

/** A tap on a link of a help article to a page of the app: it opens in the app. */
export class HelpArticleLinksViewModel {
  constructor(
    private readonly navigator: Pick<Navigator, 'push'>,
    /** The app's own origin (links to its pages open in the app). */
    private readonly appOrigin: string,
    /** The sites whose pages open inside the app (/iframe). */
    private readonly frameOrigins: readonly string[],
  ) {}

  /** A tap on an article's link: true when the app opened it (the browser must not follow it too). */
  linkTapped(link: ArticleLink): boolean {
    const target = articleLinkTarget(link, this.appOrigin, this.frameOrigins);
    if (target === null) return false;
    this.navigator.push(target.path, target.query);
    return true;
  }
}

/** /iframe?url&title: an allowed site's page inside the app, under the app's bar (article-links.ts). */
export class FramePageViewModel {
  readonly view: FramePageView;

  constructor(query: Query, frameOrigins: readonly string[]) {
    this.view = framePageView(query, frameOrigins);
  }
}

/** How the article HTML is made safe to show (sanitize-html.ts): the screen hands it over, so the sanitiser loads with the help screens only. */
export type HelpSanitizer = (html: string) => string;

/** The help screens' view-models, bound by the composition root (help-bindings.ts). */
export const HelpCenterModel = viewModelToken<HelpCenterViewModel, { hideNavBar: boolean }>('HelpCenterViewModel');
export const HelpDetailModel = viewModelToken<HelpDetailViewModel, { id: number | null; index: number | null; sanitize: HelpSanitizer }>('HelpDetailViewModel');
/** /tvhelpCenter (dealId null) and /tvdeal: `leave` is the screen's way back. */
export const TvHelpModel = viewModelToken<TvHelpViewModel, { dealId: number | null; sanitize: HelpSanitizer; leave: () => void }>('TvHelpViewModel');
export const HelpArticleLinksModel = viewModelToken<HelpArticleLinksViewModel>('HelpArticleLinksViewModel');
export const FramePageModel = viewModelToken<FramePageViewModel>('FramePageViewModel');
