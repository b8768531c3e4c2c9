import { ApiError, badParam } from '../http/api-error.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { MAX_ROW_ID, type Params } from '../http/params.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { findHelpArticle, findHelpCategoryContent, listHelpCategories } from './help-repository.ts';

/** The only help collection the app asks for (cinema=1). */
const CINEMA = '1';
/** cid: the category's path and id, comma separated ('0,1,3'): at most 16 ids of at most 9 digits. */
const CID = /^\d{1,9}(,\d{1,9}){1,15}$/;

function requireCinema(params: Params): void {
  if (params.string('cinema').trim() !== CINEMA) throw badParam('cinema');
}

function positiveId(value: number, name: string): number {
  if (value <= 0 || value > MAX_ROW_ID) throw badParam(name);
  return value;
}

/** Help centre (spec section 7): categories, a category's questions, one article. Public: token fields are ignored, so a stale session never hides the terms. */
export function registerHelpRoutes(api: ApiRouter, services: AppServices): void {
  const { db } = services;

  /** `{ info: [{ id, title, path }] }`. */
  api.get('/api/home/gethelpcat', 'none', async ({ params }) => {
    requireCinema(params);
    return { info: await listHelpCategories(db) };
  });

  /** cid = '{path},{id}' → `{ info: [{ id, title, path, sublist: [{ id, title }] }] }`; 9002 for no such category. */
  api.get('/api/home/gethelpcontent', 'none', async ({ params }) => {
    requireCinema(params);
    const cid = params.string('cid').replace(/\s+/g, '');
    if (!CID.test(cid)) throw badParam('cid');
    const cut = cid.lastIndexOf(',');
    const id = positiveId(Number(cid.slice(cut + 1)), 'cid');
    const content = await findHelpCategoryContent(db, cid.slice(0, cut), id);
    if (!content) throw new ApiError(Ret.HelpCategoryNotFound, RetMessage.HelpCategoryNotFound);
    return { info: [content] };
  });

  /** `{ info: [{ id, title, contxt }] }` (contxt is HTML; the client sanitises it); 9001 for no such article. */
  api.get('/api/home/gethelpcontentbyid', 'none', async ({ params }) => {
    requireCinema(params);
    const id = params.id('id');
    const article = await findHelpArticle(db, id);
    if (!article) throw new ApiError(Ret.HelpArticleNotFound, RetMessage.HelpArticleNotFound);
    return { info: [article] };
  });
}
