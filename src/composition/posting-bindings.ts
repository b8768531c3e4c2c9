import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { Geolocation } from '../core/ports/geolocation.ts';
import { PickedFiles } from '../core/ports/local-files.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { PlaceSearch } from '../core/ports/place-search.ts';
import { PostsService } from '../core/posts/posts-service.ts';
import { PostDraftStore } from '../core/upload/post-draft.ts';
import { PublishPost } from '../core/upload/publish-post.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel, type Resolver } from '../ui/app/view-model-token.ts';
import { BrowserPostingMedia } from '../ui/posting/browser-posting-media.ts';
import { LocationModel, LocationViewModel, SearchLocationModel, SearchLocationViewModel } from '../ui/posting/location-view-models.ts';
import { AddPosterModel, AddPosterViewModel, EditPosterModel, EditPosterViewModel, VideoPreviewModel, VideoPreviewViewModel } from '../ui/posting/media-view-models.ts';
import { PostingGateModel, PostingGateViewModel } from '../ui/posting/posting-gate-view-model.ts';
import { PostingMedia } from '../ui/posting/posting-media.ts';
import { DraftModel, PostingUiState } from '../ui/posting/posting-state.ts';
import { MyPostsModel, MyPostsViewModel, PostDetailModel, PostDetailViewModel, postIdFrom } from '../ui/posting/posts-view-models.ts';
import { PublishModel, PublishViewModel, type PostingDeps } from '../ui/posting/publish-view-model.ts';
import { PendingPoll } from '../ui/votes/votes-view-models.ts';
import { ApiOrigin } from './api-origin.ts';
import { bindPosts } from './posts-bindings.ts';
import { bindUpload } from './upload-bindings.ts';
import { bindPendingPoll } from './votes-bindings.ts';

/**
 * The posting screens (/publishDynamic and its pages, /myDynamic, /dynamicDetail): the core's posting services and
 * posts lists, the UI state the screens share (the draft as MobX state, what they hand each other — one each per
 * app, like the draft), the browser's media (unless a test or script bound its own PostingMedia first), and the
 * screens' view-models. Bound with the features (bindFeatures), so none of it is in the home route's first JavaScript. Idempotent.
 */
export function bindPosting(container: Container): void {
  bindUpload(container);
  bindPosts(container);
  bindPendingPoll(container);
  if (container.isBound(DraftModel)) return;
  container
    .bind(DraftModel)
    .toDynamicValue((ctx) => new DraftModel(ctx.get(PostDraftStore)))
    .inSingletonScope();
  container.bind(PostingUiState).toConstantValue(new PostingUiState());
  if (!container.isBound(PostingMedia)) {
    container
      .bind<PostingMedia>(PostingMedia)
      .toDynamicValue((ctx) => new BrowserPostingMedia(ctx.get<PickedFiles>(PickedFiles)))
      .inSingletonScope();
  }
  bindPostingViewModels(container);
}

/** What every posting view-model is given. */
function postingDeps(c: Resolver): PostingDeps & { ui: PostingUiState } {
  return {
    store: c.get(PostDraftStore),
    draft: c.get(DraftModel),
    media: c.get<PostingMedia>(PostingMedia),
    navigator: c.get<Navigator>(Navigator),
    notifier: c.get<Notifier>(Notifier),
    ui: c.get(PostingUiState),
  };
}

function bindPostingViewModels(container: Container): void {
  bindViewModel(container, PostingGateModel, (c, { page }) => new PostingGateViewModel(c.get(SessionModel), c.get<Navigator>(Navigator), page));
  bindViewModel(
    container,
    PublishModel,
    (c) => new PublishViewModel({ ...postingDeps(c), publisher: c.get(PublishPost), session: c.get(SessionModel), clock: c.get<Clock>(Clock), pendingPoll: c.get(PendingPoll) }),
  );
  bindViewModel(container, VideoPreviewModel, (c) => new VideoPreviewViewModel(postingDeps(c)));
  bindViewModel(container, AddPosterModel, (c) => new AddPosterViewModel(postingDeps(c)));
  bindViewModel(container, EditPosterModel, (c) => new EditPosterViewModel(postingDeps(c)));
  bindViewModel(
    container,
    LocationModel,
    (c) => new LocationViewModel({ ...postingDeps(c), places: c.get<PlaceSearch>(PlaceSearch), geolocation: c.get<Geolocation>(Geolocation) }),
  );
  bindViewModel(
    container,
    SearchLocationModel,
    (c) => new SearchLocationViewModel({ ...postingDeps(c), places: c.get<PlaceSearch>(PlaceSearch), clock: c.get<Clock>(Clock) }),
  );
  bindViewModel(container, MyPostsModel, (c) => new MyPostsViewModel(c.get(PostsService), c.get<Navigator>(Navigator), c.get<Notifier>(Notifier)));
  bindViewModel(
    container,
    PostDetailModel,
    (c, { id }) =>
      new PostDetailViewModel(
        {
          posts: c.get(PostsService),
          session: c.get(SessionModel),
          navigator: c.get<Navigator>(Navigator),
          notifier: c.get<Notifier>(Notifier),
          origin: c.get<string>(ApiOrigin),
        },
        postIdFrom(id),
      ),
  );
}
