import type { CusServiceConfig } from '../../src/core/shell/shell-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { findUserByName } from '../user/user-repository.ts';
import { CUS_SERVICE_CONFIG_KEY, DEMO_CUS_SERVICE } from './config.ts';
import { findConfigValue } from './shell-repository.ts';

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);

/** The stored configuration (app_config CusServiceConfig, edited by the operator), the seeded values filling what it lacks. */
export async function cusServiceConfig(db: Queryable): Promise<CusServiceConfig> {
  const value = await findConfigValue(db, CUS_SERVICE_CONFIG_KEY);
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const account = text(stored.account, DEMO_CUS_SERVICE.account);
  const user = await findUserByName(db, account);
  return {
    account,
    uid: user?.id ?? 0,
    nickName: user?.nickName ?? '',
    hours: text(stored.hours, DEMO_CUS_SERVICE.hours),
    welcome: text(stored.welcome, DEMO_CUS_SERVICE.welcome),
    fallbackContact: text(stored.fallbackContact, DEMO_CUS_SERVICE.fallbackContact),
  };
}
