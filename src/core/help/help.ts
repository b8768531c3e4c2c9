/** Help centre: the pages, codes, texts and the shapes of help categories and articles (spec sections 3 and 7); the calls are in help-protocol.ts. */

import { recordOf, textOf } from '../request/answer-values.ts';

export const HelpPaths = {
  center: '/help',
  detail: '/helpDetail',
  feedback: '/feedback',
  tvDeal: '/tvdeal',
} as const;

/** Article 70 is always shown with this title (spec section 9), whatever the server calls it. */
const USER_AGREEMENT_ARTICLE_ID = 70;
export const USER_AGREEMENT_TITLE = '用户协议和隐私政策';

/** Session-storage keys: the cached category list (spec section 3) and the category last visited from /help. */
export const HelpKeys = {
  categoryList: 'helpCategoryList',
  visitedCategory: 'helpVisitedCategory',
} as const;

export interface HelpQuestion {
  id: number;
  title: string;
}

export interface HelpCategory {
  id: number;
  title: string;
  path: string;
}

export interface HelpCategoryWithQuestions extends HelpCategory {
  sublist: HelpQuestion[];
}

export interface HelpArticle {
  id: number;
  /** The title to show (the article-70 rule applied). */
  title: string;
  /** The article's HTML as the server stores it: sanitise before showing. */
  html: string;
}

/** The title an article is shown with: 用户协议和隐私政策 for article 70, else its own. */
export function articleTitle(id: number, title: string): string {
  return id === USER_AGREEMENT_ARTICLE_ID ? USER_AGREEMENT_TITLE : title;
}

/** The cid of a category's questions: `{path},{id}`. */
export function categoryCid(category: HelpCategory): string {
  return category.path ? `${category.path},${category.id}` : String(category.id);
}

const MAX_ID = 2_147_483_647;

/** A help id from a query value (positive integer), else null. */
export function helpIdFrom(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** A category index from a query value (0 or more), else null. */
export function categoryIndexFrom(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

function idOf(value: unknown): number | null {
  const id = typeof value === 'string' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The `info` list of a help answer (`{ info: [...] }`); entries that are not objects are dropped. */
function infoOf(data: unknown): Record<string, unknown>[] {
  const info = recordOf(data)?.['info'];
  return Array.isArray(info) ? info.map(recordOf).filter((entry): entry is Record<string, unknown> => entry !== null) : [];
}

export function parseCategories(data: unknown): HelpCategory[] {
  return infoOf(data).flatMap((entry) => {
    const id = idOf(entry['id']);
    return id === null ? [] : [{ id, title: textOf(entry['title']), path: textOf(entry['path']) }];
  });
}

/** A category's questions (article 70 listed under its fixed title too). */
export function parseQuestions(data: unknown): HelpQuestion[] {
  const sublist = infoOf(data)[0]?.['sublist'];
  if (!Array.isArray(sublist)) return [];
  return sublist.flatMap((value) => {
    const entry = recordOf(value);
    const id = idOf(entry?.['id']);
    return entry && id !== null ? [{ id, title: articleTitle(id, textOf(entry['title'])) }] : [];
  });
}

/** The article of a gethelpcontentbyid answer, or null when the answer holds none. */
export function parseArticle(data: unknown, askedId: number): HelpArticle | null {
  const entry = infoOf(data)[0];
  if (!entry) return null;
  const id = idOf(entry['id']) ?? askedId;
  return { id, title: articleTitle(id, textOf(entry['title'])), html: textOf(entry['contxt']) };
}

/** The query that embeds a page without its nav bar (and, on /help, without the feedback link). */
export const HIDE_NAV_BAR = 'hideNavBar';

/** Whether hideNavBar is set (present and not empty). */
export function navBarHidden(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value !== '';
}
