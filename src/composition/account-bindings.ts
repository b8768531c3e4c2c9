import type { Container } from 'inversify';
import { ProfileService } from '../core/account/profile-service.ts';
import { SettingsService } from '../core/account/settings-service.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { Notifier } from '../core/ports/notifier.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { SessionService } from '../core/session/session-service.ts';
import { UserSession } from '../core/shared-kernel/user-session.ts';

/** The account pages' services: profile editing and settings. */
export function bindAccount(container: Container): void {
  container
    .bind(ProfileService)
    .toDynamicValue((ctx) => new ProfileService(ctx.get(ApiClient), ctx.get(UserSession), ctx.get<Notifier>(Notifier), ctx.get(SessionService)))
    .inSingletonScope();
  container
    .bind(SettingsService)
    .toDynamicValue((ctx) => new SettingsService(ctx.get(ApiClient), ctx.get(UserSession), ctx.get<KeyValueStore>(LocalStore)))
    .inSingletonScope();
}
