import type { Container } from 'inversify';
import { DownloadService } from '../core/download/download-info.ts';
import { FeedbackService } from '../core/feedback/feedback-service.ts';
import { Clipboard } from '../core/ports/clipboard.ts';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { NativeBridge } from '../core/ports/native-bridge.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { DownloadModel, DownloadViewModel } from '../ui/download/download-view-model.ts';
import { PlayFeedbackModel, PlayFeedbackViewModel, SuggestionModel, SuggestionViewModel } from '../ui/feedback/feedback-view-models.ts';

/** Play feedback, suggestions and the download page, with their screens' view-models. */
export function bindFeedback(container: Container): void {
  container
    .bind(FeedbackService)
    .toDynamicValue(
      (ctx) =>
        new FeedbackService({
          api: ctx.get(ApiClient),
          clock: ctx.get<Clock>(Clock),
          notifier: ctx.get<Notifier>(Notifier),
          navigator: ctx.get<Navigator>(Navigator),
          bridge: ctx.get<NativeBridge>(NativeBridge),
        }),
    )
    .inSingletonScope();
  container
    .bind(DownloadService)
    .toDynamicValue(
      (ctx) => new DownloadService(ctx.get(ApiClient), ctx.get<KeyValueStore>(LocalStore), ctx.get<Clipboard>(Clipboard), ctx.get<Notifier>(Notifier)),
    )
    .inSingletonScope();
  bindViewModel(container, PlayFeedbackModel, (c, query) => new PlayFeedbackViewModel(c.get(FeedbackService), query));
  bindViewModel(container, SuggestionModel, (c) => new SuggestionViewModel(c.get(FeedbackService)));
  bindViewModel(container, DownloadModel, (c) => new DownloadViewModel(c.get(DownloadService)));
}
