/**
 * The help centre's calls (spec section 7), declared once (src/core/request/protocol.ts): the app's HelpService sends
 * them, the reference server (server/help/routes.ts) serves them, the fake (adapters/http/fake-help-api.ts) answers
 * them. Public calls: token fields are ignored.
 */
import { object, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
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

/** A help category as the server lists it: where it hangs in the help tree ('0,1'; `{path},{id}` is its cid). Without an id it is left out. */
const helpCategoryInfo = object({ id: wire.id, title: wire.text, path: wire.text });

export type HelpCategoryInfo = InferOutput<typeof helpCategoryInfo>;

/** A question of a category (an article's id and title): without an id it is left out. */
const helpQuestionInfo = object({ id: wire.id, title: wire.text });

export type HelpQuestionInfo = InferOutput<typeof helpQuestionInfo>;

/** A category with its enabled questions (its id 0 when the answer gives none: its questions are what is read). */
const helpCategoryContentInfo = object({ id: wire.count, title: wire.text, path: wire.text, sublist: wire.items(helpQuestionInfo) });

export type HelpCategoryContentInfo = InferOutput<typeof helpCategoryContentInfo>;

/** An article; `contxt` is HTML as stored (the client sanitises it); its id null when the answer gives none. */
const helpArticleInfo = object({ id: wire.lenientAnswer(wire.idOf), title: wire.text, contxt: wire.text });

export type HelpArticleInfo = InferOutput<typeof helpArticleInfo>;

/** gethelpcat's answer (every help answer wraps its entries in `info`; entries that are no objects are left out). */
export const helpCategoryList = object({ info: wire.items(helpCategoryInfo) });

export type HelpCategoryList = InferOutput<typeof helpCategoryList>;

/** gethelpcontent's answer: the category alone. */
const helpCategoryContentList = object({ info: wire.items(helpCategoryContentInfo) });

export type HelpCategoryContentList = InferOutput<typeof helpCategoryContentList>;

/** gethelpcontentbyid's answer: the article alone. */
const helpArticleList = object({ info: wire.items(helpArticleInfo) });

export type HelpArticleList = InferOutput<typeof helpArticleList>;

/** The answer codes of help's calls. */
export const HelpRet = {
  /** gethelpcontentbyid: no such article (帮助内容不存在). */
  ArticleNotFound: 9001,
  /** gethelpcontent: no such category (帮助分类不存在). */
  CategoryNotFound: 9002,
} as const;

export const HelpCalls = {
  /** The enabled categories in display order. */
  categories: call({
    method: 'GET',
    path: '/api/home/gethelpcat',
    carrier: 'query',
    params: { cinema },
    answer: helpCategoryList,
  }),
  /** One category (cid = `{path},{id}`) with its questions: `info` holds it alone; 9002 for no such category. */
  content: call({
    method: 'GET',
    path: '/api/home/gethelpcontent',
    carrier: 'query',
    params: { cinema, cid: { kind: 'text', max: 160, squash: true, pattern: HELP_CID } },
    answer: helpCategoryContentList,
  }),
  /** One article: `info` holds it alone; 9001 for no such article. */
  article: call({
    method: 'GET',
    path: '/api/home/gethelpcontentbyid',
    carrier: 'query',
    params: { cinema, id: { kind: 'id' } },
    answer: helpArticleList,
  }),
} as const;
