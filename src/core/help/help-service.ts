import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { parsed } from '../request/answer-values.ts';
import { HELP_CINEMA, HelpCalls, helpCategoryList } from './help-protocol.ts';
import {
  HelpKeys,
  articleOf,
  categoryCid,
  questionsOf,
  type HelpArticle,
  type HelpCategory,
  type HelpCategoryWithQuestions,
  type HelpQuestion,
} from './help.ts';

/**
 * The help centre's use cases: the category list (cached in session storage, spec section 3), each category's
 * questions, one article (the article-70 title rule applied), and the category last visited from /help so the
 * list can scroll back to it.
 */
export class HelpService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: KeyValueStore,
  ) {}

  /** The categories: from session storage when cached there, else from gethelpcat (then cached). */
  async categories(): Promise<HelpCategory[]> {
    const cached = this.cachedCategories();
    if (cached) return cached;
    const categories = (await this.api.request(HelpCalls.categories, { cinema: HELP_CINEMA })).info;
    this.session.set(HelpKeys.categoryList, JSON.stringify({ info: categories }));
    return categories;
  }

  async questions(category: HelpCategory): Promise<HelpQuestion[]> {
    return questionsOf(await this.api.request(HelpCalls.content, { cinema: HELP_CINEMA, cid: categoryCid(category) }));
  }

  /** Every category with its questions (the questions asked for in parallel). */
  async center(): Promise<HelpCategoryWithQuestions[]> {
    const categories = await this.categories();
    const sublists = await Promise.all(categories.map((category) => this.questions(category)));
    return categories.map((category, index) => ({ ...category, sublist: sublists[index] ?? [] }));
  }

  /** The article, or null when the server answers no article. Errors (9001 included) reject through the request layer. */
  async article(id: number): Promise<HelpArticle | null> {
    return articleOf(await this.api.request(HelpCalls.article, { id, cinema: HELP_CINEMA }), id);
  }

  /** Remembers the category a question was opened from (its index in the list). */
  rememberVisit(categoryIndex: number): void {
    this.session.set(HelpKeys.visitedCategory, String(categoryIndex));
  }

  /** The category visited last, once: the next call answers null until another visit. */
  takeVisit(): number | null {
    const raw = this.session.get(HelpKeys.visitedCategory);
    this.session.remove(HelpKeys.visitedCategory);
    if (raw === null || !/^\d{1,4}$/.test(raw)) return null;
    return Number(raw);
  }

  private cachedCategories(): HelpCategory[] | null {
    const raw = this.session.get(HelpKeys.categoryList);
    if (!raw) return null;
    try {
      const categories = parsed(helpCategoryList, JSON.parse(raw))?.info ?? [];
      return categories.length > 0 ? categories : null;
    } catch {
      return null;
    }
  }
}
