import type { HelpArticleInfo, HelpCategoryContentInfo, HelpCategoryInfo, HelpQuestionInfo } from '../../src/core/help/help-protocol.ts';
import type { Queryable } from '../db/database.ts';

/** The help tree node every help category hangs under (the category's `path`). */
export const HELP_ROOT_PATH = '0,1';

/** Enabled categories in display order. */
export async function listHelpCategories(db: Queryable): Promise<HelpCategoryInfo[]> {
  return db.query<HelpCategoryInfo>('SELECT id, title, path FROM help_categories WHERE enabled ORDER BY sort, id');
}

/** The enabled category `id` at `path` with its enabled questions, or null. */
export async function findHelpCategoryContent(db: Queryable, path: string, id: number): Promise<HelpCategoryContentInfo | null> {
  const [category] = await db.query<HelpCategoryInfo>('SELECT id, title, path FROM help_categories WHERE enabled AND id = $1 AND path = $2', [id, path]);
  if (!category) return null;
  const sublist = await db.query<HelpQuestionInfo>(
    'SELECT id, title FROM help_articles WHERE enabled AND category_id = $1 ORDER BY sort, id',
    [id],
  );
  return { ...category, sublist };
}

/** An enabled article of an enabled category, or null. */
export async function findHelpArticle(db: Queryable, id: number): Promise<HelpArticleInfo | null> {
  const [article] = await db.query<HelpArticleInfo>(
    `SELECT a.id, a.title, a.contxt FROM help_articles a JOIN help_categories c ON c.id = a.category_id
      WHERE a.id = $1 AND a.enabled AND c.enabled`,
    [id],
  );
  return article ?? null;
}
