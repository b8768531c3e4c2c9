import type { Video } from '../../core/shared-kernel/video.ts';
import type { Navigator } from '../../core/ports/navigator.ts';
import { viewModelToken } from '../app/view-model-token.ts';

const playPath = (video: Pick<Video, 'mediaKey'>): string => `/play/${encodeURIComponent(video.mediaKey)}`;

/** A video card's tap: /play/<mediaKey>. Tiny on purpose: every card of the home route has one. */
export class VideoCardViewModel {
  constructor(private readonly navigator: Navigator) {}

  tapped(video: Pick<Video, 'mediaKey'>): void {
    this.navigator.push(playPath(video));
  }
}

/** The video card's view-model, bound with the UI services (video-card-bindings.ts, from bindUi): home renders cards. */
export const VideoCardModel = viewModelToken<VideoCardViewModel>('VideoCardViewModel');
