import type { ApiClient } from '../request/api-client.ts';
import type { ParamsOf } from '../request/protocol.ts';
import type { VideoPage } from '../shared-kernel/video.ts';
import { CatalogueCalls, type CatalogueSort } from './catalogue-protocol.ts';

/** Spec §7: GET /api/home/filter (CatalogueCalls.filter), the catalogue filter behind /typePage (payload and answer not shown: ours). */

export type FilterSort = CatalogueSort;

/** What the user chose: '' (and year 0) for 全部. */
export interface CatalogueFilterChoice {
  category: string;
  area: string;
  year: number;
  language: string;
  sort: FilterSort;
}

export const NO_FILTER: CatalogueFilterChoice = { category: '', area: '', year: 0, language: '', sort: 'hot' };

export interface FilterOptions {
  categories: { key: string; name: string }[];
  areas: string[];
  years: number[];
  languages: string[];
  sorts: readonly { key: FilterSort; name: string }[];
}

export interface FilterPage extends VideoPage {
  options: FilterOptions;
}

/** The params of a choice: only what is chosen travels (category, area, year, language, sort), with page and pageSize. */
export function filterParams(choice: CatalogueFilterChoice, page: number, pageSize: number): ParamsOf<typeof CatalogueCalls.filter.params> {
  const params: ParamsOf<typeof CatalogueCalls.filter.params> = { sort: choice.sort, page, pageSize };
  if (choice.category !== '') params.category = choice.category;
  if (choice.area !== '') params.area = choice.area;
  if (choice.year > 0) params.year = choice.year;
  if (choice.language !== '') params.language = choice.language;
  return params;
}

/** The catalogue filter: one call gives the options and a page of matching videos. */
export class CatalogueFilterService {
  constructor(private readonly api: ApiClient) {}

  async page(choice: CatalogueFilterChoice, page: number, pageSize: number): Promise<FilterPage> {
    const data = await this.api.request(CatalogueCalls.filter, filterParams(choice, page, pageSize));
    return { list: data.list, page, pageSize, total: data.total, options: data.options };
  }
}
