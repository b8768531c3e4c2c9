import type { Container } from 'inversify';
import { ConfiguredPlaceSearch } from '../../adapters/place-search/configured-place-search.ts';
import { GooglePlaceSearch } from '../../adapters/place-search/google-place-search.ts';
import { ServerPlaceSearch } from '../../adapters/place-search/server-place-search.ts';
import { Clock } from '../core/ports/clock.ts';
import { LocalFiles } from '../core/ports/local-files.ts';
import { PlaceSearch } from '../core/ports/place-search.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { AppConfig } from '../core/shell/app-config.ts';
import { PostDraftStore } from '../core/upload/post-draft.ts';
import { PublishPost } from '../core/upload/publish-post.ts';
import { PostsService } from '../core/posts/posts-service.ts';
import { bindPosts } from './posts-bindings.ts';

/**
 * Video posting: the draft, its publishing (chunked, resumable upload) and the place search (Google Places when the
 * configuration's GoogleMap key is set — decided per search — else the server's). Bound when the first posting
 * screen loads, so none of it is in the home route's first JavaScript; the headless core binds it at once.
 * Idempotent. LocalFiles and Geolocation are platform ports, bound by the browser container or headless.
 */
export function bindUpload(container: Container): void {
  if (container.isBound(PostDraftStore)) return;
  // Publishing ends with CreateTrends, which PostsService sends.
  bindPosts(container);
  container.bind(PostDraftStore).toDynamicValue(() => new PostDraftStore()).inSingletonScope();
  container
    .bind(PublishPost)
    .toDynamicValue(
      (ctx) =>
        new PublishPost(ctx.get(ApiClient), ctx.get<LocalFiles>(LocalFiles), ctx.get<Clock>(Clock), ctx.get(PostDraftStore), ctx.get(UserSession), ctx.get(PostsService)),
    )
    .inSingletonScope();
  // A headless world may have bound its own (a fake) before the core.
  if (!container.isBound(PlaceSearch)) {
    container
      .bind<PlaceSearch>(PlaceSearch)
      .toDynamicValue((ctx) => {
        const config = ctx.get(AppConfig);
        return new ConfiguredPlaceSearch(
          () => config.googleMapKey(),
          (apiKey) => new GooglePlaceSearch({ apiKey }),
          new ServerPlaceSearch(ctx.get(ApiClient)),
        );
      })
      .inSingletonScope();
  }
}
