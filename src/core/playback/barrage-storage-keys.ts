/** Where the barrage lists and settings live in local storage (part of the stored user state). */
export const BarrageStorageKeys = {
  /** The logged-in user's lists (a copy of the server's): `{ uid, users, keywords }`. Cleared at logout and login elsewhere. */
  shields: 'barrageShields',
  /** A visitor's lists, kept on this device only. */
  visitorShields: 'barrageShields:visitor',
  /** A visitor's barrage settings. */
  visitorConfig: 'barrageConfig',
} as const;
