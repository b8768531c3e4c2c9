/**
 * The shell's calls, declared once (src/core/request/protocol.ts): the app's AppConfig, CusServiceConfigService,
 * AccessStatistics and UnreadCountService send them, the reference server (server/shell/routes.ts,
 * cus-service-routes.ts, server/statistics/routes.ts) serves them, the fake (adapters/http/fake-shell-api.ts) answers
 * them. All GETs.
 */
import { check, object, pipe, unknown, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';

/** Text as it came, trimmed; '' when it is no text. */
const trimmed = wire.lenientAnswer((value) => (typeof value === 'string' ? value.trim() : ''));

/**
 * One entry of the global configuration (GoogleMap's value is JSON `{ key }`): without a key it is left out; a value
 * that is no text is its JSON text ('""' for none).
 */
const configEntry = object({ key: wire.word, value: wire.lenientAnswer((value) => (typeof value === 'string' ? value : JSON.stringify(value ?? ''))) });

export type ConfigEntry = InferOutput<typeof configEntry>;

/**
 * The customer-service configuration: the service account, its user id (0 when the server has no such user: customer
 * service unavailable), its hours, the welcome text and the fallback contact. A list is no configuration.
 */
export const cusServiceConfig = pipe(
  unknown(),
  check((value) => !Array.isArray(value), 'a list'),
  object({
    account: trimmed,
    uid: wire.lenientAnswer((value) => {
      const uid = Number(value);
      return Number.isSafeInteger(uid) && uid > 0 ? uid : 0;
    }),
    nickName: trimmed,
    hours: trimmed,
    welcome: trimmed,
    fallbackContact: trimmed,
  }),
);

export type CusServiceConfig = InferOutput<typeof cusServiceConfig>;

/** The statistics call's answer: the China day the visit counted on (YYYY-MM-DD; not read). */
const visitDay = object({ day: wire.text });

export type VisitDay = InferOutput<typeof visitDay>;

/** GetUserMegCount: the caller's unread private and system messages, and both together. */
const unreadCounts = object({ count: wire.count, privateCount: wire.count, systemCount: wire.count });

export type UnreadCounts = InferOutput<typeof unreadCounts>;

/** The longest visitor id (DeviceId) the statistics call counts. */
const VISITOR_ID_MAX = 64;

export const ShellCalls = {
  /** The global configuration, by key. Visitors too. ETag. */
  config: call({ method: 'GET', path: '/api/home/GetConfig', carrier: 'query', params: {}, answer: wire.items(configEntry) }),
  /** The customer-service configuration (spec: GET, no payload). Visitors too. */
  cusServiceConfig: call({ method: 'GET', path: '/api/home/GetCusServiceConfig', carrier: 'query', params: {}, answer: cusServiceConfig }),
  /**
   * The visit statistics call (spec: "a statistics call with cineam=1", path not shown: ours). Counts a visit of the
   * user, else of the device (DeviceId, the common parameter the app adds for a visitor), else of the address.
   */
  accessStatistics: call({
    method: 'GET',
    path: '/api/home/AccessStatistics',
    carrier: 'query',
    params: { cineam: { kind: 'int', min: 1, max: 1 }, DeviceId: { kind: 'text', max: VISITOR_ID_MAX, trim: true, optional: true } },
    // Not read: whatever comes (null too) is no failure.
    answer: wire.orNull(visitDay),
  }),
  /** The unread message count. Signed in only. */
  unreadCount: call({ method: 'GET', path: '/api/user/GetUserMegCount', carrier: 'query', params: {}, answer: unreadCounts }),
} as const;
