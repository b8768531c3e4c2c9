/** Help centre: the pages, codes, texts and the shapes of help categories and articles (spec sections 3 and 7); the calls are in help-protocol.ts. */

import type { HelpArticleList, HelpCategoryContentList, HelpCategoryInfo, HelpQuestionInfo } from './help-protocol.ts';

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

export type HelpQuestion = HelpQuestionInfo;

export type HelpCategory = HelpCategoryInfo;

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

/** A category's questions (gethelpcontent's category; article 70 listed under its fixed title too). */
export function questionsOf(content: HelpCategoryContentList): HelpQuestion[] {
  return (content.info[0]?.sublist ?? []).map(({ id, title }) => ({ id, title: articleTitle(id, title) }));
}

/** The article of a gethelpcontentbyid answer (its id the one asked for when it gives none), or null when it holds none. */
export function articleOf(answer: HelpArticleList, askedId: number): HelpArticle | null {
  const entry = answer.info[0];
  if (!entry) return null;
  const id = entry.id ?? askedId;
  return { id, title: articleTitle(id, entry.title), html: entry.contxt };
}

/** The query that embeds a page without its nav bar (and, on /help, without the feedback link). */
export const HIDE_NAV_BAR = 'hideNavBar';

/** Whether hideNavBar is set (present and not empty). */
export function navBarHidden(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value !== '';
}
