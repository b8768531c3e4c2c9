import type { NetworkKind, NetworkType } from '../../src/core/ports/network-type.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** The Network Information API's connection object (navigator.connection), where the browser has one. */
export interface NetworkConnection {
  /** 'cellular', 'wifi', 'ethernet', 'none', 'bluetooth', 'wimax', 'other', 'mixed' or 'unknown'; absent on most desktops. */
  readonly type?: string;
  addEventListener(type: 'change', listener: () => void): void;
  removeEventListener(type: 'change', listener: () => void): void;
}

const KINDS: Readonly<Record<string, NetworkKind>> = {
  cellular: 'cellular',
  wifi: 'wifi',
  ethernet: 'wired',
  none: 'none',
  bluetooth: 'other',
  wimax: 'other',
  other: 'other',
  mixed: 'other',
};

/** The network kind from navigator.connection.type; 'unknown' where the browser does not tell (iOS, desktops). */
export class ConnectionNetworkType implements NetworkType {
  constructor(private readonly navigatorLike: { readonly connection?: NetworkConnection }) {}

  current(): NetworkKind {
    const type = this.navigatorLike.connection?.type;
    return (type && KINDS[type]) || 'unknown';
  }

  onChange(listener: (kind: NetworkKind) => void): Unsubscribe {
    const connection = this.navigatorLike.connection;
    if (!connection) return () => {};
    let last = this.current();
    const handler = () => {
      const kind = this.current();
      if (kind === last) return;
      last = kind;
      listener(kind);
    };
    connection.addEventListener('change', handler);
    return () => connection.removeEventListener('change', handler);
  }
}
