import type { Unsubscribe } from './page-visibility.ts';

/**
 * What kind of network the device is on. `cellular` is mobile data (流量); `unknown` where the browser does
 * not say (iOS Safari, desktop browsers), which the app treats as not mobile data.
 */
export type NetworkKind = 'cellular' | 'wifi' | 'wired' | 'none' | 'other' | 'unknown';

export interface NetworkType {
  current(): NetworkKind;
  /** Tells the listener each time the kind changes (Wi-Fi lost, mobile data on…). */
  onChange(listener: (kind: NetworkKind) => void): Unsubscribe;
}
export const NetworkType = Symbol('NetworkType');
