import type { Container } from 'inversify';
import { FocusService } from '../core/focus/focus-service.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { SessionModel } from '../ui/app/session-model.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { MoreFocusModel, MoreFocusViewModel } from '../ui/focus/more-focus-view-model.ts';

/** 更多关注 (/moreFocus): the service and the screen's view-model. */
export function bindFocus(container: Container): void {
  container
    .bind(FocusService)
    .toDynamicValue((ctx) => new FocusService(ctx.get(ApiClient)))
    .inSingletonScope();
  bindViewModel(container, MoreFocusModel, (c) => new MoreFocusViewModel(c.get(FocusService), c.get<Navigator>(Navigator), c.get(SessionModel)));
}
