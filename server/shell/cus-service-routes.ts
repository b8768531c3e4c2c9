import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import type { CusServiceConfig } from '../../src/core/shell/cus-service-config.ts';
import { findUserByName } from '../user/user-repository.ts';
import { CUS_SERVICE_CONFIG_KEY, DEMO_CUS_SERVICE } from './config.ts';

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/** The stored configuration (app_config CusServiceConfig, edited by the operator), the seeded values filling what it lacks. */
async function cusServiceConfig(services: Pick<AppServices, 'db'>): Promise<CusServiceConfig> {
  const rows = await services.db.query<{ value: string }>('SELECT value FROM app_config WHERE key = $1', [CUS_SERVICE_CONFIG_KEY]);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(rows[0]?.value ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const account = text(stored.account, DEMO_CUS_SERVICE.account);
  const user = await findUserByName(services.db, account);
  return {
    account,
    uid: user?.id ?? 0,
    nickName: user?.nickName ?? '',
    hours: text(stored.hours, DEMO_CUS_SERVICE.hours),
    welcome: text(stored.welcome, DEMO_CUS_SERVICE.welcome),
    fallbackContact: text(stored.fallbackContact, DEMO_CUS_SERVICE.fallbackContact),
  };
}

export function registerCusServiceRoutes(api: ApiRouter, services: AppServices): void {
  /** The customer-service configuration (spec: GET, no payload). Visitors too. */
  api.get('/api/home/GetCusServiceConfig', 'none', async () => cusServiceConfig(services));
}
