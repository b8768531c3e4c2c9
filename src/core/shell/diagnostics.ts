/**
 * /test and /mobileTest: what a webview host or support asks first: the app's version, what the app recognised of
 * the device (webview, platform, TV, WeChat, low iOS), the native bridge and a ping through it, the network, storage,
 * the API (its base and a timed cheap call) and the socket. Nothing secret is read or shown: no token, no cookie,
 * no stored user.
 */
import type { Clock } from '../ports/clock.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { NativeBridge, NativePlatform } from '../ports/native-bridge.ts';
import type { NetworkKind, NetworkType } from '../ports/network-type.ts';
import type { Socket } from '../ports/socket.ts';
import type { ApiClient } from '../request/api-client.ts';
import { ApiError } from '../request/api-error.ts';
import { ShellCalls } from './shell-protocol.ts';
import { iosMajorVersion, isLowIos } from './user-agent.ts';
import { isTvAgent } from '../shared-kernel/tv-agent.ts';
import { DiagnosticsTexts } from './shell-texts.ts';

/** What the app recognised of the device from its user agent and the native bridge. */
export interface Recognised {
  /** iOS, Android, or 其他. */
  platform: 'iOS' | 'Android' | '其他';
  /** iOS major version, null elsewhere. */
  iosVersion: number | null;
  /** iOS below 15: the low-version style applies. */
  lowIos: boolean;
  /** Inside a web view: the native app's (the bridge names a platform) or another app's (Android's `; wv)`). */
  webview: boolean;
  /** The native app's bridge: which wrapper, or none. */
  nativeApp: NativePlatform;
  wechat: boolean;
  tv: boolean;
}


/** The device as the app reads it. */
export function recognise(userAgent: string, nativeApp: NativePlatform): Recognised {
  const iosVersion = iosMajorVersion(userAgent);
  const platform = iosVersion !== null ? 'iOS' : /Android/i.test(userAgent) ? 'Android' : '其他';
  return {
    platform,
    iosVersion,
    lowIos: isLowIos(userAgent),
    webview: nativeApp !== 'none' || /; wv\)/.test(userAgent),
    nativeApp,
    wechat: /MicroMessenger/i.test(userAgent),
    tv: isTvAgent(userAgent),
  };
}

const NETWORK_LABELS: Readonly<Record<NetworkKind, string>> = {
  cellular: '移动数据',
  wifi: 'Wi-Fi',
  wired: '有线网络',
  none: '无网络',
  other: '其他网络',
  unknown: '未知（浏览器未提供）',
};

export function networkLabel(kind: NetworkKind): string {
  return NETWORK_LABELS[kind];
}

/** 1.5 MB, 12 GB …; bytes below 1 KB as B. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return DiagnosticsTexts.unknown;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit] ?? 'B'}`;
}

/** navigator.storage.estimate()'s answer, where the browser has it. */
export interface StorageEstimate {
  usage: number;
  quota: number;
}

export interface StorageCheck {
  /** 已用 1.2 MB / 可用 2.0 GB, or 未知 where the browser does not say. */
  estimate: string;
  localStorageWritable: boolean;
}

export interface ApiCheck {
  ok: boolean;
  /** Milliseconds the cheap call took. */
  ms: number;
  /** 200 ms, or why it failed. */
  text: string;
}

export type PingResult = 'sent' | 'no-handler' | 'no-bridge';

export function pingText(result: PingResult): string {
  return result === 'sent' ? DiagnosticsTexts.pingSent : result === 'no-handler' ? DiagnosticsTexts.pingNoHandler : DiagnosticsTexts.pingNoBridge;
}

/** A key only the diagnostics write, to see whether local storage takes a write (removed at once). */
const PROBE_KEY = 'diagnosticsProbe';

export interface DiagnosticsDeps {
  userAgent: string;
  /** package.json's version, injected at build. */
  appVersion: string;
  /** Where the API is: the build's API_BASE, else the page's origin. */
  apiBase: string;
  pageOrigin: string;
  api: ApiClient;
  bridge: NativeBridge;
  network: NetworkType;
  socket: Socket;
  local: KeyValueStore;
  clock: Pick<Clock, 'now'>;
  /** navigator.storage.estimate(), or null where the browser has none. */
  estimateStorage: () => Promise<StorageEstimate | null>;
}

/** The checks of /test and /mobileTest. */
export class Diagnostics {
  constructor(private readonly deps: DiagnosticsDeps) {}

  get appVersion(): string {
    return this.deps.appVersion || DiagnosticsTexts.unknown;
  }

  get userAgent(): string {
    return this.deps.userAgent;
  }

  get apiBase(): string {
    return this.deps.apiBase === this.deps.pageOrigin ? `${this.deps.apiBase}${DiagnosticsTexts.sameOrigin}` : this.deps.apiBase;
  }

  recognised(): Recognised {
    return recognise(this.deps.userAgent, this.deps.bridge.platform());
  }

  network(): string {
    return networkLabel(this.deps.network.current());
  }

  /** 已连接（websocket）, or 未连接. */
  socketState(): string {
    if (!this.deps.socket.connected()) return DiagnosticsTexts.disconnected;
    const transport = this.deps.socket.transport?.() ?? null;
    return transport === null ? DiagnosticsTexts.connected : `${DiagnosticsTexts.connected}（${transport}）`;
  }

  /** Calls the native side's ping with the time, as a webview host's developer would wire it. */
  ping(): PingResult {
    if (this.deps.bridge.platform() === 'none') return 'no-bridge';
    return this.deps.bridge.call('ping', String(this.deps.clock.now())) ? 'sent' : 'no-handler';
  }

  async storage(): Promise<StorageCheck> {
    const writable = this.localStorageWritable();
    const estimate = await this.deps.estimateStorage().catch(() => null);
    return {
      estimate: estimate === null ? DiagnosticsTexts.unknown : `已用 ${formatBytes(estimate.usage)} / 可用 ${formatBytes(estimate.quota)}`,
      localStorageWritable: writable,
    };
  }

  private localStorageWritable(): boolean {
    try {
      this.deps.local.set(PROBE_KEY, '1');
      const written = this.deps.local.get(PROBE_KEY) === '1';
      this.deps.local.remove(PROBE_KEY);
      return written;
    } catch {
      return false;
    }
  }

  /** A timed cheap GET (the global configuration), without a toast. */
  async timeApi(): Promise<ApiCheck> {
    const started = this.deps.clock.now();
    try {
      await this.deps.api.request(ShellCalls.config, {}, { suppressTips: true });
      const ms = Math.max(0, Math.round(this.deps.clock.now() - started));
      return { ok: true, ms, text: `${ms} ms` };
    } catch (error) {
      const ms = Math.max(0, Math.round(this.deps.clock.now() - started));
      const why = error instanceof ApiError && error.msg !== '' ? error.msg : DiagnosticsTexts.apiFailed;
      return { ok: false, ms, text: `${DiagnosticsTexts.apiFailed}（${why}，${ms} ms）` };
    }
  }
}
