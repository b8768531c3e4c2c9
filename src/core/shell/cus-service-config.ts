import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import { parsed } from '../request/answer-values.ts';
import { cusServiceConfig, ShellCalls, type CusServiceConfig } from './shell-protocol.ts';

export type { CusServiceConfig } from './shell-protocol.ts';
/** Session storage: the configuration fetched this session. */
const CUS_SERVICE_CONFIG_KEY = 'cusServiceConfig';

/** A configuration as the answer declares it (the session's kept copy is read so too); null when it does not read. */
export function parseCusServiceConfig(data: unknown): CusServiceConfig | null {
  return parsed(cusServiceConfig, data);
}

/** Whether customer service can be reached in the app (a service account exists). */
export const cusServiceAvailable = (config: CusServiceConfig | null): boolean => config !== null && config.uid > 0;

/** Fetches the customer-service configuration once a session (errors are not shown; the kept copy, or null, stays). */
export class CusServiceConfigService {
  private pending: Promise<CusServiceConfig | null> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly session: KeyValueStore,
  ) {}

  /** The configuration kept this session, or null. */
  kept(): CusServiceConfig | null {
    const stored = this.session.get(CUS_SERVICE_CONFIG_KEY);
    if (stored === null) return null;
    try {
      return parseCusServiceConfig(JSON.parse(stored));
    } catch {
      return null;
    }
  }

  /** The kept configuration, else GetCusServiceConfig (one call at a time). */
  load(): Promise<CusServiceConfig | null> {
    const kept = this.kept();
    if (kept) return Promise.resolve(kept);
    this.pending ??= this.fetch().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetch(): Promise<CusServiceConfig | null> {
    try {
      const config = await this.api.request(ShellCalls.cusServiceConfig, {}, { suppressTips: true });
      this.session.set(CUS_SERVICE_CONFIG_KEY, JSON.stringify(config));
      return config;
    } catch {
      return null;
    }
  }
}
