import type { AppServices } from '../app-services.ts';
import { badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { CatalogueLimits } from './catalogue-limits.ts';
import { listCategories, SORT_KEYS, type SortKey } from './catalogue-repository.ts';
import { filterVideos } from './video-filter.ts';

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

    return filterVideos(db, categories, { category, area, year, sort: sort as SortKey }, page, pageSize);
  });
}
