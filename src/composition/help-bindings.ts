import type { Container } from 'inversify';
import { HelpService } from '../core/help/help-service.ts';
import { SessionStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { ApiClient } from '../core/request/api-client.ts';

/** The help centre (categories cached in session storage). */
export function bindHelp(container: Container): void {
  container
    .bind(HelpService)
    .toDynamicValue((ctx) => new HelpService(ctx.get(ApiClient), ctx.get<KeyValueStore>(SessionStore)))
    .inSingletonScope();
}
