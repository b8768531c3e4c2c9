import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Unsubscribe } from '../ports/page-visibility.ts';

/** The player's moreFun switches: 跳过片头片尾 (skip) and 自动连播 (next). */
export interface PlayerSettings {
  skip: boolean;
  next: boolean;
}

/** Skip off (the opening titles play unless asked), next on (a series plays on). */
export const DEFAULT_PLAYER_SETTINGS: Readonly<PlayerSettings> = { skip: false, next: true };

/** Local storage key of the switches (JSON), kept per device for visitors and users alike. */
export const PLAYER_SETTINGS_KEY = 'playerMoreFun';

export function parsePlayerSettings(raw: string | null): PlayerSettings {
  const settings = { ...DEFAULT_PLAYER_SETTINGS };
  if (!raw) return settings;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return settings;
    const fields = value as Record<string, unknown>;
    if (typeof fields['skip'] === 'boolean') settings.skip = fields['skip'];
    if (typeof fields['next'] === 'boolean') settings.next = fields['next'];
  } catch {
    // unreadable: the defaults
  }
  return settings;
}

/** The moreFun switches, read from and written to local storage; listeners hear every change. */
export class PlayerSettingsStore {
  private settings: PlayerSettings;
  private readonly listeners = new Set<(settings: PlayerSettings) => void>();

  constructor(private readonly local: KeyValueStore) {
    this.settings = parsePlayerSettings(local.get(PLAYER_SETTINGS_KEY));
  }

  current(): PlayerSettings {
    return this.settings;
  }

  set(name: keyof PlayerSettings, value: boolean): void {
    if (this.settings[name] === value) return;
    this.settings = { ...this.settings, [name]: value };
    this.local.set(PLAYER_SETTINGS_KEY, JSON.stringify(this.settings));
    for (const listener of [...this.listeners]) listener(this.settings);
  }

  subscribe(listener: (settings: PlayerSettings) => void): Unsubscribe {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
