import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { cusServiceConfig } from './cus-service-config.ts';

export function registerCusServiceRoutes(api: ApiRouter, services: AppServices): void {
  /** The customer-service configuration (spec: GET, no payload). Visitors too. */
  serve(api, ShellCalls.cusServiceConfig, 'none', () => cusServiceConfig(services.db));
}
