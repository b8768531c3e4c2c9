import type { AppServices } from '../app-services.ts';
import { badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { listCategories, ORDER_BY, pageOfVideos, SORT_KEYS, type SortKey } from './catalogue-repository.ts';
import { CatalogueLimits } from './catalogue-limits.ts';

/** The sort choices of the filter, in the order the app shows them. */
export const FILTER_SORTS: readonly { key: SortKey; name: string }[] = [
  { key: 'hot', name: '最热' },
  { key: 'new', name: '最新' },
  { key: 'score', name: '高分' },
];

const FilterLimits = { maxArea: 20, minYear: 1900, maxYear: 2100 } as const;

/**
 * GET /api/home/filter: the catalogue filter behind /typePage. Every param optional: category (a category key),
 * area (an area as the options list it), year, sort (hot | new | score, default hot), page, pageSize. Answers the
 * options (categories, areas, years, sorts: what the catalogue holds) and the page of videos matching all given
 * filters, with the filter it applied.
 */
export function registerFilterRoutes(api: ApiRouter, services: AppServices): void {
  const { db } = services;

  api.get('/api/home/filter', 'none', async ({ params }) => {
    const categories = (await listCategories(db)).map((c) => ({ key: c.key, name: c.name, kind: c.kind }));
    const category = params.optionalString('category')?.trim() ?? '';
    if (category !== '' && !categories.some((c) => c.key === category)) throw badParam('category', '分类不存在');
    const area = params.optionalString('area')?.trim() ?? '';
    if ([...area].length > FilterLimits.maxArea) throw badParam('area');
    const year = params.optionalInt('year') ?? 0;
    if (year !== 0 && (year < FilterLimits.minYear || year > FilterLimits.maxYear)) throw badParam('year');
    const sort = params.optionalString('sort') || 'hot';
    if (!(SORT_KEYS as readonly string[]).includes(sort)) throw badParam('sort');
    const { page, pageSize } = params.paging(CatalogueLimits);

    const where: string[] = [];
    const values: unknown[] = [];
    if (category !== '') where.push(`v.category = $${values.push(category)}`);
    if (area !== '') where.push(`v.area = $${values.push(area)}`);
    if (year !== 0) where.push(`v.year = $${values.push(year)}`);
    const result = await pageOfVideos(db, where.length > 0 ? where.join(' AND ') : 'true', values, ORDER_BY[sort as SortKey], page, pageSize);

    const scope = category !== '' ? 'WHERE category = $1' : '';
    const scopeValues = category !== '' ? [category] : [];
    const areas = await db.query<{ area: string }>(
      `SELECT area FROM videos ${scope === '' ? "WHERE area <> ''" : `${scope} AND area <> ''`} GROUP BY area ORDER BY count(*) DESC, area`,
      scopeValues,
    );
    const years = await db.query<{ year: number }>(
      `SELECT year FROM videos ${scope === '' ? 'WHERE year IS NOT NULL' : `${scope} AND year IS NOT NULL`} GROUP BY year ORDER BY year DESC`,
      scopeValues,
    );
    return {
      options: { categories, areas: areas.map((r) => r.area), years: years.map((r) => r.year), sorts: FILTER_SORTS },
      filter: { category, area, year, sort },
      ...result,
    };
  });
}
