import type { Container } from 'inversify';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Clock } from '../core/ports/clock.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/session/user-session.ts';
import { CommentThread, CommentThreadFactory } from '../core/video-social/comment-thread.ts';
import { VideoActions, VideoActionsFactory } from '../core/video-social/video-actions.ts';
import { VideoSocialService } from '../core/video-social/video-social-service.ts';

/** Comments and a video's actions: the service and the factories of one video's comment thread and actions bar. */
export function bindVideoSocial(container: Container): void {
  container
    .bind(VideoSocialService)
    .toDynamicValue((ctx) => new VideoSocialService(ctx.get(ApiClient)))
    .inSingletonScope();
  container
    .bind<CommentThreadFactory>(CommentThreadFactory)
    .toDynamicValue((ctx) => {
      const service = ctx.get(VideoSocialService);
      const navigator = ctx.get<Navigator>(Navigator);
      const notifier = ctx.get<Notifier>(Notifier);
      const clock = ctx.get<Clock>(Clock);
      const session = ctx.get(UserSession);
      return (mediaKey, videoType) => new CommentThread(mediaKey, videoType, { service, navigator, notifier, clock, user: () => session.user() });
    })
    .inSingletonScope();
  container
    .bind<VideoActionsFactory>(VideoActionsFactory)
    .toDynamicValue((ctx) => {
      const service = ctx.get(VideoSocialService);
      const clipboard = ctx.get<Clipboard>(Clipboard);
      const navigator = ctx.get<Navigator>(Navigator);
      const notifier = ctx.get<Notifier>(Notifier);
      const session = ctx.get(UserSession);
      return (mediaKey) => new VideoActions(mediaKey, { service, clipboard, navigator, notifier, viewerId: () => session.user()?.id ?? null });
    })
    .inSingletonScope();
}
