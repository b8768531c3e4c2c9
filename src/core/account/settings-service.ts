import { parse } from 'valibot';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { ApiClient } from '../request/api-client.ts';
import type { UserSession } from '../shared-kernel/user-session.ts';
import { AccountCalls, DEFAULT_SETTINGS, accountSettings, type AccountSettings, type SettingName } from './account-protocol.ts';

/** Local storage key of a visitor's settings (JSON). */
export const SETTINGS_STORAGE_KEY = 'appSettings';

/** Settings kept per user on the server, or in local storage for a visitor. */
export class SettingsService {
  constructor(
    private readonly api: ApiClient,
    private readonly session: UserSession,
    private readonly local: KeyValueStore,
  ) {}

  /** The current settings; the defaults when the server cannot be asked. */
  async load(): Promise<AccountSettings> {
    if (!this.session.user()) return this.readLocal();
    try {
      return await this.api.request(AccountCalls.settings, {});
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }

  /** Saves one setting; resolves the settings now in force (unchanged ones when the server refused). */
  async set(name: SettingName, value: boolean): Promise<{ ok: boolean; settings: AccountSettings }> {
    if (!this.session.user()) {
      const settings = { ...this.readLocal(), [name]: value };
      this.local.set(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
      return { ok: true, settings };
    }
    try {
      const settings = await this.api.request(AccountCalls.updateSettings, { [name]: value ? '1' : '0' });
      return { ok: true, settings };
    } catch {
      return { ok: false, settings: await this.load() };
    }
  }

  private readLocal(): AccountSettings {
    const raw = this.local.get(SETTINGS_STORAGE_KEY);
    if (!raw) return { ...DEFAULT_SETTINGS };
    try {
      // A visitor's stored settings read as an answer's are: each known setting over its default.
      return parse(accountSettings, JSON.parse(raw));
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }
}
