import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { SignedInDevice } from '../../src/core/account-security/account-security-protocol.ts';
import type { AppServices } from '../app-services.ts';
import { liveSessionsOf, otherUnrevokedTokens, revokeSessionOf } from '../auth/session-repository.ts';
import type { AuthSession, SessionDevice } from '../auth/sessions.ts';
import { ApiError } from '../http/api-error.ts';
import { Ret } from '../http/ret.ts';
import { AccountSecurityTexts } from '../../src/core/account-security/account-security-texts.ts';
import { isTvAgent } from '../../src/core/shared-kernel/tv-agent.ts';
import { regionByCode } from '../region/regions.ts';
import { regionCodeFor } from '../region/routes.ts';
import { announceEndedSessions } from './account-checks.ts';

/** The device and browser as people name them, from a user agent ("iPhone · Safari", "Android · 微信"). */
function deviceName(userAgent: string): string {
  const device =
    isTvAgent(userAgent) ? '电视'
    : /iPad/.test(userAgent) ? 'iPad'
    : /iPhone|iPod/.test(userAgent) ? 'iPhone'
    : /Android/.test(userAgent) ? 'Android'
    : /Windows/.test(userAgent) ? 'Windows 电脑'
    : /Macintosh|Mac OS X/.test(userAgent) ? 'Mac'
    : /Linux/.test(userAgent) ? 'Linux 电脑'
    : '其他设备';
  const browser =
    /MicroMessenger/i.test(userAgent) ? '微信'
    : /\bwv\b/.test(userAgent) ? '奇遇视频App'
    : /Edg\//.test(userAgent) ? 'Edge'
    : /Firefox|FxiOS/.test(userAgent) ? 'Firefox'
    : /Chrome|CriOS/.test(userAgent) ? 'Chrome'
    : /Safari/.test(userAgent) ? 'Safari'
    : '浏览器';
  return `${device} · ${browser}`;
}

/** Where a request signs in from: its device, and the region of its address (the CDN's country header, else the default). */
export function sessionDeviceOf(request: FastifyRequest, defaultRegion: string): SessionDevice {
  const userAgent = request.headers['user-agent'] ?? '';
  let place: string;
  try {
    place = regionByCode(regionCodeFor(request, null, defaultRegion))?.country ?? '';
  } catch {
    // A malformed country header: the place is unknown.
    place = '';
  }
  return { device: deviceName(userAgent), place };
}

/** A session's id on the device list: a digest of its token (the token itself never leaves the server). */
const deviceIdOf = (token: string): string => createHash('sha256').update(token).digest('base64url').slice(0, 22);

type Services = Pick<AppServices, 'db' | 'clock' | 'sessions' | 'realtime'>;

/**
 * The account's signed-in devices (one per live session): device, place, when signed in and last used, this one
 * marked; the user ends any other one, or all others, at once (revoked, dropped from the caches, its open pages told).
 */
export class SignedInDevices {
  constructor(private readonly services: Services) {}

  async list(auth: AuthSession): Promise<SignedInDevice[]> {
    const rows = await liveSessionsOf(this.services.db, auth.user.id, Math.floor(this.services.clock.now() / 1000), auth.token.token);
    return rows.map((row) => ({
      id: deviceIdOf(row.token),
      device: row.device || '未知设备',
      place: row.place,
      signedInAt: row.created_at.getTime(),
      lastUsedAt: (row.last_used_at ?? row.created_at).getTime(),
      current: row.token === auth.token.token,
    }));
  }

  /** Ends one other device's session (`id` from the list) or, with `all`, every other one; answers how many ended. */
  async end(auth: AuthSession, which: { id?: string | undefined; all: boolean }): Promise<{ ended: number }> {
    const { db } = this.services;
    const live = await otherUnrevokedTokens(db, auth.user.id, auth.token.token);
    const tokens = which.all ? live : live.filter((token) => deviceIdOf(token) === which.id);
    if (!which.all && tokens.length === 0) throw new ApiError(Ret.DeviceNotFound, AccountSecurityTexts.DeviceNotFound);
    const ended: string[] = [];
    for (const token of tokens) {
      if (await revokeSessionOf(db, auth.user.id, token)) ended.push(token);
    }
    await announceEndedSessions(this.services, auth.user.id, ended, AccountSecurityTexts.SessionEndedByDevice);
    return { ended: ended.length };
  }
}
