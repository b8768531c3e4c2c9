import type { ConfigEntry } from '../../src/core/shell/shell-protocol.ts';
import type { Database } from '../db/database.ts';
import { addConfigEntry } from './shell-repository.ts';

/** app_config key of the customer-service configuration GetCusServiceConfig answers (JSON, see DEMO_CUS_SERVICE). */
export const CUS_SERVICE_CONFIG_KEY = 'CusServiceConfig';

/** The seeded customer-service configuration: the service account (user name), its hours, welcome text and the fallback contact. */
export const DEMO_CUS_SERVICE = {
  account: 'kefu-service',
  hours: '每天 09:00-24:00',
  welcome: '您好，我是奇遇视频官方客服，请描述您的问题，我们会尽快回复。',
  fallbackContact: 'service@qiyu.example',
} as const;

/**
 * The demo configuration. GOOGLE_MAPS_KEY supplies a real maps key; without it the key is '' and the app searches
 * places on this server (SearchPlace) instead of Google.
 */
export function demoConfig(env: NodeJS.ProcessEnv = process.env): ConfigEntry[] {
  return [
    { key: 'GoogleMap', value: JSON.stringify({ key: env.GOOGLE_MAPS_KEY || '' }) },
    { key: 'ServiceEmail', value: 'service@qiyu.example' },
    { key: 'ShareText', value: '我在奇遇视频看好剧，快来一起看吧！' },
    { key: CUS_SERVICE_CONFIG_KEY, value: JSON.stringify(DEMO_CUS_SERVICE) },
  ];
}

/** The table GetConfig is read from (its shared-read cache's tag). */
export const CONFIG_TABLES = ['app_config'] as const;

/** Adds the entries the table does not hold yet (an operator's edits are kept). */
export async function seedConfig(db: Database, entries: ConfigEntry[] = demoConfig()): Promise<void> {
  for (const entry of entries) await addConfigEntry(db, entry);
}
