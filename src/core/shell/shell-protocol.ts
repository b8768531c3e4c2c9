/**
 * The shell's calls, declared once (src/core/request/protocol.ts): the app's AppConfig, CusServiceConfigService,
 * AccessStatistics and UnreadCountService send them, the reference server (server/shell/routes.ts,
 * cus-service-routes.ts, server/statistics/routes.ts) serves them, the fake (adapters/http/fake-shell-api.ts) answers
 * them. All GETs.
 */
import { call } from '../request/protocol.ts';

/** One entry of the global configuration (GoogleMap's value is JSON `{ key }`). */
export interface ConfigEntry {
  key: string;
  value: string;
}

/** The customer-service configuration: the service account, its hours, the welcome text and the fallback contact. */
export interface CusServiceConfig {
  account: string;
  /** The service account's user id; 0 when the server has no such user (customer service unavailable). */
  uid: number;
  nickName: string;
  hours: string;
  welcome: string;
  fallbackContact: string;
}

/** The statistics call's answer: the China day the visit counted on (YYYY-MM-DD). */
export interface VisitDay {
  day: string;
}

/** GetUserMegCount: the caller's unread private and system messages, and both together. */
export interface UnreadCounts {
  count: number;
  privateCount: number;
  systemCount: number;
}

/** The longest visitor id (DeviceId) the statistics call counts. */
const VISITOR_ID_MAX = 64;

export const ShellCalls = {
  /** The global configuration, by key. Visitors too. ETag. */
  config: call<ConfigEntry[]>()({ method: 'GET', path: '/api/home/GetConfig', carrier: 'query', params: {} }),
  /** The customer-service configuration (spec: GET, no payload). Visitors too. */
  cusServiceConfig: call<CusServiceConfig>()({ method: 'GET', path: '/api/home/GetCusServiceConfig', carrier: 'query', params: {} }),
  /**
   * The visit statistics call (spec: "a statistics call with cineam=1", path not shown: ours). Counts a visit of the
   * user, else of the device (DeviceId, the common parameter the app adds for a visitor), else of the address.
   */
  accessStatistics: call<VisitDay>()({
    method: 'GET',
    path: '/api/home/AccessStatistics',
    carrier: 'query',
    params: { cineam: { kind: 'int', min: 1, max: 1 }, DeviceId: { kind: 'text', max: VISITOR_ID_MAX, trim: true, optional: true } },
  }),
  /** The unread message count. Signed in only. */
  unreadCount: call<UnreadCounts>()({ method: 'GET', path: '/api/user/GetUserMegCount', carrier: 'query', params: {} }),
} as const;
