import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { cusServiceConfig } from './cus-service-config.ts';

export function registerCusServiceRoutes(api: ApiRouter, services: AppServices): void {
  /** The customer-service configuration (spec: GET, no payload). Visitors too. */
  api.get('/api/home/GetCusServiceConfig', 'none', async () => cusServiceConfig(services.db));
}
