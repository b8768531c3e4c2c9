import { CatalogueCalls } from '../../src/core/catalogue/catalogue-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { filterCatalogue } from './video-filter.ts';

/**
 * GET /api/home/filter: the catalogue filter behind /typePage (CatalogueCalls.filter). Every param optional: category
 * (a category key), area (an area as the options list it), year, language (a language as the options list it), sort
 * (hot | new | score, default hot), page, pageSize. Answers the options (categories, areas, years, languages, sorts:
 * what the catalogue holds) and the page of videos matching all given filters, with the filter it applied.
 */
export function registerFilterRoutes(api: ApiRouter, services: AppServices): void {
  const { db } = services;
  serve(api, CatalogueCalls.filter, 'none', ({ input }) => filterCatalogue(db, input));
}
