import type { Queryable } from '../db/database.ts';
import { listAreas, listYears, ORDER_BY, pageOfVideos, type CategoryRow, type SortKey } from './catalogue-repository.ts';

/** The sort choices of the filter, in the order the app shows them. */
export const FILTER_SORTS: readonly { key: SortKey; name: string }[] = [
  { key: 'hot', name: '最热' },
  { key: 'new', name: '最新' },
  { key: 'score', name: '高分' },
];

/** A filter as GET /api/home/filter applies it ('' and 0: not filtered). */
export interface VideoFilter {
  category: string;
  area: string;
  year: number;
  sort: SortKey;
}

/**
 * The catalogue filter's answer: the options (the categories given, the areas and years the catalogue holds, in the
 * category when one is chosen, the sorts), the filter applied and the page of videos matching all of it. The page,
 * then the areas, then the years are read.
 */
export async function filterVideos(db: Queryable, categories: readonly CategoryRow[], filter: VideoFilter, page: number, pageSize: number) {
  const { category, area, year, sort } = filter;
  const where: string[] = [];
  const values: unknown[] = [];
  if (category !== '') where.push(`v.category = $${values.push(category)}`);
  if (area !== '') where.push(`v.area = $${values.push(area)}`);
  if (year !== 0) where.push(`v.year = $${values.push(year)}`);
  const result = await pageOfVideos(db, where.length > 0 ? where.join(' AND ') : 'true', values, ORDER_BY[sort], page, pageSize);
  const areas = await listAreas(db, category);
  const years = await listYears(db, category);
  return {
    options: { categories, areas, years, sorts: FILTER_SORTS },
    filter: { category, area, year, sort },
    ...result,
  };
}
