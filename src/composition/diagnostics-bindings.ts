import type { Container } from 'inversify';
import { Clock } from '../core/ports/clock.ts';
import { LocalStore, type KeyValueStore } from '../core/ports/key-value-store.ts';
import { NativeBridge } from '../core/ports/native-bridge.ts';
import { NetworkType } from '../core/ports/network-type.ts';
import { Socket } from '../core/ports/socket.ts';
import { ApiClient } from '../core/request/api-client.ts';
import { Diagnostics, type StorageEstimate } from '../core/shell/diagnostics.ts';
import { bindViewModel } from '../ui/app/view-model-token.ts';
import { DiagnosticsModel, DiagnosticsViewModel } from '../ui/shell/diagnostics-view-model.ts';
import { ApiOrigin } from './api-origin.ts';

/** package.json's version, defined at build (esbuild.config.ts); '' outside a build (unit tests). */
declare const __APP_VERSION__: string | undefined;
const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '';

/** navigator.storage.estimate(), or null where the browser has none (or outside a browser). */
async function estimateStorage(): Promise<StorageEstimate | null> {
  const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<{ usage?: number; quota?: number }> } } }).navigator?.storage;
  if (typeof storage?.estimate !== 'function') return null;
  const estimate = await storage.estimate();
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0 };
}

/** /test and /mobileTest: the diagnostics of a webview host or support (src/core/shell/diagnostics.ts). */
export function bindDiagnostics(container: Container): void {
  container
    .bind(Diagnostics)
    .toDynamicValue((c) => {
      const page = globalThis as { navigator?: { userAgent?: string }; location?: { origin?: string } };
      return new Diagnostics({
        userAgent: page.navigator?.userAgent ?? '',
        appVersion: APP_VERSION,
        apiBase: c.get<string>(ApiOrigin) || (page.location?.origin ?? ''),
        pageOrigin: page.location?.origin ?? '',
        api: c.get(ApiClient),
        bridge: c.get<NativeBridge>(NativeBridge),
        network: c.get<NetworkType>(NetworkType),
        socket: c.get<Socket>(Socket),
        local: c.get<KeyValueStore>(LocalStore),
        clock: c.get<Clock>(Clock),
        estimateStorage,
      });
    })
    .inSingletonScope();
  bindViewModel(container, DiagnosticsModel, (c, { compact }) => new DiagnosticsViewModel(c.get(Diagnostics), c.get<NetworkType>(NetworkType), c.get<Socket>(Socket), compact));
}
