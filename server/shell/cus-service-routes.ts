import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { CUS_SERVICE_CONFIG_KEY, DEMO_CUS_SERVICE } from './config.ts';

export interface CusServiceConfigView {
  /** The service account's user name, its id (0 when no such user) and its display name. */
  account: string;
  uid: number;
  nickName: string;
  hours: string;
  welcome: string;
  fallbackContact: string;
}

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/** The stored configuration (app_config CusServiceConfig, edited by the operator), the seeded values filling what it lacks. */
export async function cusServiceConfig(services: Pick<AppServices, 'db'>): Promise<CusServiceConfigView> {
  const rows = await services.db.query<{ value: string }>('SELECT value FROM app_config WHERE key = $1', [CUS_SERVICE_CONFIG_KEY]);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(rows[0]?.value ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const account = text(stored.account, DEMO_CUS_SERVICE.account);
  const users = await services.db.query<{ id: number; nick_name: string }>('SELECT id, nick_name FROM users WHERE lower(user_name) = lower($1)', [account]);
  return {
    account,
    uid: users[0]?.id ?? 0,
    nickName: users[0]?.nick_name ?? '',
    hours: text(stored.hours, DEMO_CUS_SERVICE.hours),
    welcome: text(stored.welcome, DEMO_CUS_SERVICE.welcome),
    fallbackContact: text(stored.fallbackContact, DEMO_CUS_SERVICE.fallbackContact),
  };
}

export function registerCusServiceRoutes(api: ApiRouter, services: AppServices): void {
  /** The customer-service configuration (spec: GET, no payload). Visitors too. */
  api.get('/api/home/GetCusServiceConfig', 'none', async () => cusServiceConfig(services));
}
