/** Where the session lives in client storage (spec: client storage). */
export const SessionKeys = {
  /** Local storage: the logged-in user as JSON. */
  user: 'user',
  /** Cookie: the logged-in user as JSON, as a native wrapper or the older site may leave it. */
  userInfoCookie: 'userInfo',
  /** Local storage: the device id sent as DeviceId. */
  visitorId: 'visitorId',
} as const;

/** Delay between clearing the user and the logged-out event. */
export const LOGGED_OUT_EVENT_DELAY_MS = 500;
