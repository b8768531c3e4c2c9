import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Random } from '../ports/random.ts';
import { SessionKeys } from './session-keys.ts';

/** The visitor's device id: created once, then kept in local storage as visitorId. */
export function ensureVisitorId(local: KeyValueStore, random: Random): string {
  const stored = local.get(SessionKeys.visitorId);
  if (stored) return stored;
  const created = random.uuid();
  local.set(SessionKeys.visitorId, created);
  return created;
}
