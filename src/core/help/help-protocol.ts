/**
 * The help centre's calls (spec section 7), declared once (src/core/request/protocol.ts): the app's HelpService sends
 * them, the reference server (server/help/routes.ts) serves them, the fake (adapters/http/fake-help-api.ts) answers
 * them. Public calls: token fields are ignored.
 */
import { call } from '../request/protocol.ts';

/** The only help collection the app asks for (every call's cinema parameter). */
export const HELP_CINEMA = '1';

/** cinema: must be {@link HELP_CINEMA}. */
const cinema = { kind: 'text', max: 1, trim: true, oneOf: [HELP_CINEMA] } as const;

/**
 * cid: the category's path and id, comma separated ('0,1,3'), whitespace removed: 2 to 16 ids of at most 9 digits,
 * the last (the category's id) not 0.
 */
const HELP_CID = /^\d{1,9}(,\d{1,9}){0,14},(?!0+$)\d{1,9}$/;

/** A help category as the server lists it. */
export interface HelpCategoryInfo {
  id: number;
  title: string;
  /** Where it hangs in the help tree ('0,1'); `{path},{id}` is its cid. */
  path: string;
}

/** A question of a category (an article's id and title). */
export interface HelpQuestionInfo {
  id: number;
  title: string;
}

/** A category with its enabled questions. */
export interface HelpCategoryContentInfo extends HelpCategoryInfo {
  sublist: HelpQuestionInfo[];
}

/** An article; `contxt` is HTML as stored (the client sanitises it). */
export interface HelpArticleInfo {
  id: number;
  title: string;
  contxt: string;
}

/** gethelpcat's answer (every help answer wraps its entries in `info`). */
export interface HelpCategoryList {
  info: HelpCategoryInfo[];
}

/** gethelpcontent's answer: the category alone. */
export interface HelpCategoryContentList {
  info: HelpCategoryContentInfo[];
}

/** gethelpcontentbyid's answer: the article alone. */
export interface HelpArticleList {
  info: HelpArticleInfo[];
}

/** The answer codes of help's calls. */
export const HelpRet = {
  /** gethelpcontentbyid: no such article (帮助内容不存在). */
  ArticleNotFound: 9001,
  /** gethelpcontent: no such category (帮助分类不存在). */
  CategoryNotFound: 9002,
} as const;

export const HelpCalls = {
  /** The enabled categories in display order. */
  categories: call<HelpCategoryList>()({
    method: 'GET',
    path: '/api/home/gethelpcat',
    carrier: 'query',
    params: { cinema },
  }),
  /** One category (cid = `{path},{id}`) with its questions: `info` holds it alone; 9002 for no such category. */
  content: call<HelpCategoryContentList>()({
    method: 'GET',
    path: '/api/home/gethelpcontent',
    carrier: 'query',
    params: { cinema, cid: { kind: 'text', max: 160, squash: true, pattern: HELP_CID } },
  }),
  /** One article: `info` holds it alone; 9001 for no such article. */
  article: call<HelpArticleList>()({
    method: 'GET',
    path: '/api/home/gethelpcontentbyid',
    carrier: 'query',
    params: { cinema, id: { kind: 'id' } },
  }),
} as const;
