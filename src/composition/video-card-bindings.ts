import type { Container } from 'inversify';
import { Navigator } from '../core/ports/navigator.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { VideoCardModel, VideoCardViewModel } from '../ui/catalogue/video-card-view-model.ts';

/** The video card's view-model: bound with the UI services (bindUi), as home renders cards; nothing else of the catalogue screens. Idempotent. */
export function bindVideoCard(container: Container): void {
  if (container.isBound(VideoCardModel.id)) return;
  bindViewModel(container, VideoCardModel, (c) => new VideoCardViewModel(c.get<Navigator>(Navigator)));
}
