import { makeAutoObservable, runInAction } from 'mobx';
import { DEFAULT_PAGE_SIZE } from '../../core/catalogue/catalogue-service.ts';
import { NO_FILTER, type CatalogueFilterChoice, type CatalogueFilterService, type FilterOptions, type FilterSort } from '../../core/catalogue/catalogue-filter.ts';
import type { Video } from '../../core/shared-kernel/video.ts';
import { viewModelToken } from '../app/view-model-token.ts';
import { PagedListModel } from '../common/list/paged-list-model.ts';

const ALL = '全部';

export interface FilterChip {
  value: string;
  label: string;
}

/** The rows of chips, top to bottom (分类, 地区, 年份, 语言, 排序: the order of iQIYI's and Tencent Video's filters). */
type FilterRow = 'category' | 'area' | 'year' | 'language' | 'sort';

/** /typePage: the catalogue filter (category, area, year, language, sort) over a paged grid, both from GET /api/home/filter. */
export class TypePageViewModel {
  choice: CatalogueFilterChoice;
  options: FilterOptions = { categories: [], areas: [], years: [], languages: [], sorts: [] };
  list: PagedListModel<Video>;

  constructor(
    private readonly service: Pick<CatalogueFilterService, 'page'>,
    initial: Partial<CatalogueFilterChoice> = {},
  ) {
    this.choice = { ...NO_FILTER, ...initial };
    this.list = this.makeList();
    makeAutoObservable<TypePageViewModel, 'service'>(this, { service: false }, { autoBind: true });
  }

  private makeList(): PagedListModel<Video> {
    const choice = this.choice;
    return new PagedListModel(async (page, size) => {
      const result = await this.service.page(choice, page, size);
      runInAction(() => (this.options = result.options));
      return result;
    }, DEFAULT_PAGE_SIZE);
  }

  get rows(): { key: FilterRow; label: string; chips: FilterChip[]; chosen: string }[] {
    const all = { value: '', label: ALL };
    return [
      { key: 'category', label: '分类', chips: [all, ...this.options.categories.map((c) => ({ value: c.key, label: c.name }))], chosen: this.choice.category },
      { key: 'area', label: '地区', chips: [all, ...this.options.areas.map((a) => ({ value: a, label: a }))], chosen: this.choice.area },
      { key: 'year', label: '年份', chips: [all, ...this.options.years.map((y) => ({ value: String(y), label: String(y) }))], chosen: this.choice.year ? String(this.choice.year) : '' },
      { key: 'language', label: '语言', chips: [all, ...this.options.languages.map((l) => ({ value: l, label: l }))], chosen: this.choice.language },
      { key: 'sort', label: '排序', chips: this.options.sorts.map((s) => ({ value: s.key, label: s.name })), chosen: this.choice.sort },
    ];
  }

  /**
   * A chip tapped: the choice changes and the list starts again from page 1 (a category change resets the area, year
   * and language: the options are the category's).
   */
  chipTapped(row: FilterRow, value: string): void {
    const next: CatalogueFilterChoice = { ...this.choice };
    if (row === 'category') Object.assign(next, { category: value, area: '', year: 0, language: '' });
    else if (row === 'area') next.area = value;
    else if (row === 'year') next.year = Number(value) || 0;
    else if (row === 'language') next.language = value;
    else next.sort = value as FilterSort;
    if (JSON.stringify(next) === JSON.stringify(this.choice)) return;
    this.choice = next;
    this.list = this.makeList();
  }
}

/** /typePage's view-model (`category`: the ?category= it opens with, or ''), bound by the composition root (catalogue-screen-bindings.ts). */
export const TypePageModel = viewModelToken<TypePageViewModel, { category: string }>('TypePageViewModel');
