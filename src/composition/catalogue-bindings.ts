import type { Container } from 'inversify';
import { CatalogueFilterService } from '../core/catalogue/catalogue-filter.ts';
import { CatalogueService } from '../core/catalogue/catalogue-service.ts';
import { HomePreload } from '../core/catalogue/home-preload.ts';
import { RecommendationStore } from '../core/catalogue/recommendation-store.ts';
import { ApiClient } from '../core/request/api-client.ts';

/** The catalogue's use cases, the shared home recommendation data and the home data started with the app. */
export function bindCatalogue(container: Container): void {
  container
    .bind(CatalogueService)
    .toDynamicValue((ctx) => new CatalogueService(ctx.get(ApiClient)))
    .inSingletonScope();
  container
    .bind(CatalogueFilterService)
    .toDynamicValue((ctx) => new CatalogueFilterService(ctx.get(ApiClient)))
    .inSingletonScope();
  container
    .bind(HomePreload)
    .toDynamicValue((ctx) => new HomePreload(ctx.get(CatalogueService)))
    .inSingletonScope();
  container
    .bind(RecommendationStore)
    .toDynamicValue(() => new RecommendationStore())
    .inSingletonScope();
}
