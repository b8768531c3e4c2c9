import type { Container } from 'inversify';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Clock } from '../core/ports/clock.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';
import { CommentThread, CommentThreadFactory } from '../core/video-social/comment-thread.ts';
import { VideoActions, VideoActionsFactory } from '../core/video-social/video-actions.ts';
import { VideoSocialService } from '../core/video-social/video-social-service.ts';
import { TaskService } from '../core/tasks/task-service.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { CommentSectionModel, CommentSectionViewModel } from '../ui/video-social/comment-section-view-model.ts';
import { VideoActionsModel, VideoActionsViewModel } from '../ui/video-social/video-actions-view-model.ts';

/**
 * Comments and a video's actions: the service, the factories of one video's comment thread and actions bar, and the
 * view-models of the comment section and the actions bar.
 */
export function bindVideoSocial(container: Container): void {
  container
    .bind(VideoSocialService)
    // A share is reported to the task centre (UpdTask share) when its service is bound (the features chunk).
    .toDynamicValue((ctx) => new VideoSocialService(ctx.get(ApiClient), () => {
      if (container.isBound(TaskService)) void container.get(TaskService).reportShare();
    }))
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
  bindViewModel(
    container,
    CommentSectionModel,
    (c, { mediaKey, videoType }) => new CommentSectionViewModel(c.get<CommentThreadFactory>(CommentThreadFactory)(mediaKey, videoType), c.get(SessionModel)),
  );
  bindViewModel(
    container,
    VideoActionsModel,
    (c, { mediaKey }) => new VideoActionsViewModel(c.get<VideoActionsFactory>(VideoActionsFactory)(mediaKey), c.get(SessionModel)),
  );
}
