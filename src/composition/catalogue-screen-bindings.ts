import type { Container } from 'inversify';
import { CatalogueFilterService } from '../core/catalogue/catalogue-filter.ts';
import { CatalogueService } from '../core/catalogue/catalogue-service.ts';
import { Clock } from '../core/ports/clock.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { PostsService } from '../core/posts/posts-service.ts';
import { SessionService } from '../core/session/session-service.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import {
  CategoryListModel,
  CategoryListViewModel,
  LoginGuardModel,
  LoginGuardViewModel,
  MiniChannelModel,
  MiniChannelViewModel,
  MyVideosModel,
  MyVideosViewModel,
  RankModel,
  RankViewModel,
  SearchModel,
  SearchViewModel,
  SpaceModel,
  SpaceViewModel,
} from '../ui/catalogue/catalogue-view-models.ts';
import { ChannelGridModel, ChannelGridViewModel } from '../ui/catalogue/channel-grid-view-model.ts';
import { DiscoveryModel, DiscoveryViewModel } from '../ui/catalogue/discovery-view-model.ts';
import { TypePageModel, TypePageViewModel } from '../ui/catalogue/type-page-view-model.ts';
import { bindPosts } from './posts-bindings.ts';

/**
 * The view-models of the catalogue screens other than home (lists, channels, rank, search, spaces, discovery, the
 * filter, history and collection), and the posts lists discovery and the spaces show. Bound with the features
 * (bindFeatures), never at start: the catalogue's core is in the start core, its screens' code is not.
 */
export function bindCatalogueScreens(container: Container): void {
  bindPosts(container);
  bindViewModel(container, CategoryListModel, (c, { category }) => new CategoryListViewModel(c.get(CatalogueService), category));
  bindViewModel(container, MiniChannelModel, (c, { titleId, subId }) => new MiniChannelViewModel(c.get(CatalogueService), titleId, subId));
  bindViewModel(container, RankModel, (c) => new RankViewModel(c.get(CatalogueService)));
  bindViewModel(
    container,
    SearchModel,
    (c, { keyword }) => new SearchViewModel(c.get(CatalogueService), c.get<Clock>(Clock), c.get<Navigator>(Navigator), keyword),
  );
  bindViewModel(
    container,
    SpaceModel,
    (c, { uid }) => new SpaceViewModel({ catalogue: c.get(CatalogueService), posts: c.get(PostsService), navigator: c.get<Navigator>(Navigator) }, uid),
  );
  bindViewModel(container, MyVideosModel, (c, { kind }) => new MyVideosViewModel(c.get(CatalogueService), kind));
  bindViewModel(container, LoginGuardModel, (c) => new LoginGuardViewModel(c.get(SessionModel), c.get<Navigator>(Navigator)));
  bindViewModel(
    container,
    DiscoveryModel,
    (c) =>
      new DiscoveryViewModel({
        catalogue: c.get(CatalogueService),
        posts: c.get(PostsService),
        session: c.get(SessionModel),
        sessions: c.get(SessionService),
        navigator: c.get<Navigator>(Navigator),
      }),
  );
  bindViewModel(container, ChannelGridModel, (c) => new ChannelGridViewModel(c.get(CatalogueService), c.get<Navigator>(Navigator)));
  bindViewModel(container, TypePageModel, (c, { category }) => new TypePageViewModel(c.get(CatalogueFilterService), { category }));
}
