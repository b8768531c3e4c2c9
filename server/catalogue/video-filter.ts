import type { AppliedFilter, CatalogueSort, FilterOptionsInfo, FilterPageInfo, SearchPage } from '../../src/core/catalogue/catalogue-protocol.ts';
import { CatalogueProtocolLimits, CatalogueRefusal } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { badParam } from '../http/api-error.ts';
import { likePattern, listAreas, listCategories, listLanguages, listYears, ORDER_BY, pageOfVideos } from './catalogue-repository.ts';

/** Finding videos: the catalogue filter behind /typePage and the title search. The routes parse, call, answer. */

/** The sort choices of the filter, in the order the app shows them. */
export const FILTER_SORTS: readonly { key: CatalogueSort; name: string }[] = [
  { key: 'hot', name: '最热' },
  { key: 'new', name: '最新' },
  { key: 'score', name: '高分' },
];

/**
 * The catalogue filter's answer: the options (the categories given, the areas, years and languages the catalogue
 * holds, in the category when one is chosen, the sorts), the filter applied and the page of videos matching all of it.
 * The page, then the areas, the years and the languages are read.
 */
async function filterVideos(db: Queryable, categories: FilterOptionsInfo['categories'], filter: AppliedFilter, page: number, pageSize: number): Promise<FilterPageInfo> {
  const { category, area, year, language, sort } = filter;
  const where: string[] = [];
  const values: unknown[] = [];
  if (category !== '') where.push(`v.category = $${values.push(category)}`);
  if (area !== '') where.push(`v.area = $${values.push(area)}`);
  if (year !== 0) where.push(`v.year = $${values.push(year)}`);
  if (language !== '') where.push(`v.language = $${values.push(language)}`);
  const result = await pageOfVideos(db, where.length > 0 ? where.join(' AND ') : 'true', values, ORDER_BY[sort], page, pageSize);
  const areas = await listAreas(db, category);
  const years = await listYears(db, category);
  const languages = await listLanguages(db, category);
  return {
    options: { categories, areas, years, languages, sorts: FILTER_SORTS },
    filter: { category, area, year, language, sort },
    ...result,
  };
}

/** The filter as GET /api/home/filter takes it (checked by the declaration): '' and 0 for 全部. */
interface FilterQuery {
  category?: string;
  area?: string;
  year?: number;
  language?: string;
  sort?: string;
  page: number;
  pageSize: number;
}

/**
 * The catalogue filter: the category must be one the catalogue holds (1002 分类不存在), the area at most maxArea
 * characters, the language at most maxLanguage, a year other than 0 between minYear and maxYear (1002 otherwise); sort
 * hot by default. An area or language the catalogue does not hold matches nothing.
 */
export async function filterCatalogue(db: Queryable, query: FilterQuery): Promise<FilterPageInfo> {
  const categories = (await listCategories(db)).map((c) => ({ key: c.key, name: c.name, kind: c.kind }));
  const category = query.category ?? '';
  if (category !== '' && !categories.some((c) => c.key === category)) throw badParam('category', CatalogueRefusal.unknownCategory);
  const area = query.area ?? '';
  if ([...area].length > CatalogueProtocolLimits.maxArea) throw badParam('area');
  const year = query.year ?? 0;
  if (year !== 0 && (year < CatalogueProtocolLimits.minYear || year > CatalogueProtocolLimits.maxYear)) throw badParam('year');
  const language = query.language ?? '';
  if ([...language].length > CatalogueProtocolLimits.maxLanguage) throw badParam('language');
  const sort = (query.sort ?? 'hot') as CatalogueSort;
  return filterVideos(db, categories, { category, area, year, language, sort }, query.page, query.pageSize);
}

/** Title search (case-insensitive substring; % and _ match themselves), the most played first; the keyword trimmed. */
export async function searchTitles(db: Queryable, rawKeyword: string, page: number, pageSize: number): Promise<SearchPage> {
  const keyword = rawKeyword.trim();
  if (keyword === '') throw badParam('keyword', CatalogueRefusal.emptyKeyword);
  if ([...keyword].length > CatalogueProtocolLimits.maxKeyword) throw badParam('keyword', CatalogueRefusal.longKeyword);
  return { ...(await pageOfVideos(db, "v.title ILIKE $1 ESCAPE '\\'", [likePattern(keyword)], ORDER_BY.hot, page, pageSize)), keyword };
}
