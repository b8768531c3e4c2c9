import type { AppServices } from '../app-services.ts';
import { badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { chinaDay, recordVisit } from './statistics-repository.ts';

const VISITOR_ID_MAX = 64;

export function registerStatisticsRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /**
   * The app's visit statistics call (spec: "a statistics call with cineam=1", path not shown). Counts a visit of
   * the user, else of the device (DeviceId), else of the address, on today's China day. Answers `{ day }`.
   */
  api.get('/api/home/AccessStatistics', 'optional', async ({ params, auth, request }) => {
    if (params.int('cineam') !== 1) throw badParam('cineam');
    const deviceId = params.optionalString('DeviceId')?.trim() ?? '';
    if (deviceId.length > VISITOR_ID_MAX) throw badParam('DeviceId');
    const visitor = auth ? `u:${auth.user.id}` : deviceId !== '' ? `d:${deviceId}` : `ip:${request.ip}`;
    const now = clock.now();
    await recordVisit(db, visitor, auth?.user.id ?? null, now);
    return { day: chinaDay(now) };
  });
}
