import type { Container } from 'inversify';
import { HelpService } from '../core/help/help-service.ts';
import { SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Navigator } from '../core/ports/navigator.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { FrameOrigins } from './frame-origins.ts';
import {
  FramePageModel,
  FramePageViewModel,
  HelpArticleLinksModel,
  HelpArticleLinksViewModel,
  HelpCenterModel,
  HelpCenterViewModel,
  HelpDetailModel,
  HelpDetailViewModel,
  TvHelpModel,
  TvHelpViewModel,
} from '../ui/help/help-view-models.ts';

/** The help centre (categories cached in session storage) and its screens' view-models (/help, /helpDetail, /tvhelpCenter, /tvdeal). */
export function bindHelp(container: Container): void {
  container
    .bind(HelpService)
    .toDynamicValue((ctx) => new HelpService(ctx.get(ApiClient), ctx.get<KeyValueStore>(SessionStore)))
    .inSingletonScope();
  bindViewModel(
    container,
    HelpCenterModel,
    (c, { hideNavBar }) => new HelpCenterViewModel({ service: c.get(HelpService), navigator: c.get<Navigator>(Navigator) }, hideNavBar),
  );
  bindViewModel(container, HelpDetailModel, (c, { id, index, sanitize }) => new HelpDetailViewModel({ service: c.get(HelpService), sanitize }, id, index));
  bindViewModel(container, TvHelpModel, (c, { dealId, sanitize, leave }) => new TvHelpViewModel({ service: c.get(HelpService), sanitize, leave }, dealId));
  const appOrigin = typeof window === 'undefined' ? '' : window.location.origin;
  bindViewModel(container, HelpArticleLinksModel, (c) => new HelpArticleLinksViewModel(c.get<Navigator>(Navigator), appOrigin, c.get<readonly string[]>(FrameOrigins)));
  bindViewModel(container, FramePageModel, (c) => new FramePageViewModel(c.get<Navigator>(Navigator).current().query, c.get<readonly string[]>(FrameOrigins)));
}
