import { ShellCalls } from '../../src/core/shell/shell-protocol.ts';
import type { AppServices } from '../app-services.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { serve } from '../http/protocol-route.ts';
import { chinaDay, recordVisit } from './statistics-repository.ts';

export function registerStatisticsRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  /**
   * The app's visit statistics call (spec: "a statistics call with cineam=1", path not shown). Counts a visit of
   * the user, else of the device (DeviceId), else of the address, on today's China day. Answers `{ day }`.
   */
  serve(api, ShellCalls.accessStatistics, 'optional', async ({ input: { DeviceId: deviceId }, auth, request }) => {
    const visitor = auth ? `u:${auth.user.id}` : deviceId !== undefined ? `d:${deviceId}` : `ip:${request.ip}`;
    const now = clock.now();
    await recordVisit(db, visitor, auth?.user.id ?? null, now);
    return { day: chinaDay(now) };
  });
}
