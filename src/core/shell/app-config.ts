import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ShellCalls, type ConfigEntry } from './shell-protocol.ts';

/** Session storage: the configuration fetched at this session's start. */
const CONFIG_KEY = 'appConfig';

export type ConfigEntries = Record<string, string>;

/** GetConfig's entries by key (a later entry of the same key wins). */
export function configEntriesOf(list: readonly ConfigEntry[]): ConfigEntries {
  const entries: ConfigEntries = {};
  for (const { key, value } of list) entries[key] = value;
  return entries;
}

/** The global configuration (spec: config entries; GoogleMap carries a maps key {key}). */
export class AppConfig {
  constructor(
    private readonly api: ApiClient,
    private readonly session: KeyValueStore,
  ) {}

  /** Fetches the configuration (errors are not shown; the last one fetched this session stays). */
  async load(): Promise<ConfigEntries> {
    try {
      const entries = configEntriesOf(await this.api.request(ShellCalls.config, {}, { suppressTips: true }));
      this.session.set(CONFIG_KEY, JSON.stringify(entries));
      return entries;
    } catch {
      return this.entries();
    }
  }

  entries(): ConfigEntries {
    try {
      const stored: unknown = JSON.parse(this.session.get(CONFIG_KEY) ?? '{}');
      return typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as ConfigEntries) : {};
    } catch {
      return {};
    }
  }

  /** The Google Maps key from the GoogleMap entry ({key}), or null. */
  googleMapKey(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.entries().GoogleMap ?? 'null');
      const key = typeof parsed === 'object' && parsed !== null ? (parsed as { key?: unknown }).key : null;
      return typeof key === 'string' && key !== '' ? key : null;
    } catch {
      return null;
    }
  }
}
