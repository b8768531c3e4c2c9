import type { Container } from 'inversify';
import { bindPosts } from '../../composition/posts-bindings.ts';
import { bindUpload } from '../../composition/upload-bindings.ts';
import { PickedFiles } from '../../core/ports/local-files.ts';
import { Navigator } from '../../core/ports/navigator.ts';
import { Notifier } from '../../core/ports/notifier.ts';
import { PostDraftStore } from '../../core/upload/post-draft.ts';
import { BrowserPostingMedia } from './browser-posting-media.ts';
import { PostingMedia } from './posting-media.ts';
import { DraftModel, PostingUiState } from './posting-state.ts';
import type { PostingDeps } from './publish-view-model.ts';

/**
 * The posting screens' UI services, bound when the first of them loads (they stay out of the home route's
 * JavaScript): the draft as MobX state, what the screens hand each other, and the browser's media (unless a test
 * bound its own PostingMedia). Idempotent.
 */
export function bindPostingUi(container: Container): void {
  bindPostingCore(container);
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
}

/** The core's posting services and posts lists, bound when the first screen needing them loads. */
export function bindPostingCore(container: Container): void {
  bindUpload(container);
  bindPosts(container);
}

/** What every posting view-model gets from the container. */
export function postingDeps(container: Container): PostingDeps & { ui: PostingUiState } {
  bindPostingUi(container);
  return {
    store: container.get(PostDraftStore),
    draft: container.get(DraftModel),
    media: container.get<PostingMedia>(PostingMedia),
    navigator: container.get<Navigator>(Navigator),
    notifier: container.get<Notifier>(Notifier),
    ui: container.get(PostingUiState),
  };
}
