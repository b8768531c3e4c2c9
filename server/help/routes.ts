import type { AppServices } from '../app-services.ts';
import { HelpCalls } from '../../src/core/help/help-protocol.ts';
import { ApiError } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { findHelpArticle, findHelpCategoryContent, listHelpCategories } from './help-repository.ts';

/** Help centre (spec section 7): categories, a category's questions, one article. Public: token fields are ignored, so a stale session never hides the terms. */
export function registerHelpRoutes(api: ApiRouter, services: AppServices): void {
  const { db } = services;

  /** `{ info: [{ id, title, path }] }`. */
  serve(api, HelpCalls.categories, 'none', async () => ({ info: await listHelpCategories(db) }));

  /** cid = '{path},{id}' → `{ info: [{ id, title, path, sublist: [{ id, title }] }] }`; 9002 for no such category. */
  serve(api, HelpCalls.content, 'none', async ({ input: { cid } }) => {
    const cut = cid.lastIndexOf(',');
    const content = await findHelpCategoryContent(db, cid.slice(0, cut), Number(cid.slice(cut + 1)));
    if (!content) throw new ApiError(Ret.HelpCategoryNotFound, RetMessage.HelpCategoryNotFound);
    return { info: [content] };
  });

  /** `{ info: [{ id, title, contxt }] }` (contxt is HTML; the client sanitises it); 9001 for no such article. */
  serve(api, HelpCalls.article, 'none', async ({ input: { id } }) => {
    const article = await findHelpArticle(db, id);
    if (!article) throw new ApiError(Ret.HelpArticleNotFound, RetMessage.HelpArticleNotFound);
    return { info: [article] };
  });
}
