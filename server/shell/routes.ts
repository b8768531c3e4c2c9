import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import { VipCalls } from '../../src/core/vip/vip-protocol.ts';
import { configEntries, runningActivity } from './shell-repository.ts';
import { CONFIG_TABLES } from './config.ts';

export function registerShellRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock, sharedReads } = services;

  /** The running recharge activity `{ title, status, type, activityRule }`, or null when none runs. Visitors too. */
  serve(api, VipCalls.activity, 'none', async () => runningActivity(db, new Date(clock.now())));

  /**
   * The global configuration: a list of `{ key, value }` (GoogleMap's value is JSON `{ key }`). Visitors too. From
   * the shared-read cache: a write to app_config through the server's database drops it at once.
   */
  serve(api, ShellCalls.config, 'none', () => sharedReads.get('shell:config', CONFIG_TABLES, () => configEntries(db)), { etag: true });
}
