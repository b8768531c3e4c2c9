import type { NetworkKind, NetworkType } from '../../src/core/ports/network-type.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** A network a test switches (Wi-Fi by default); listeners hear real changes only. */
export class FakeNetworkType implements NetworkType {
  private kind: NetworkKind;
  private readonly listeners = new Set<(kind: NetworkKind) => void>();

  constructor(kind: NetworkKind = 'wifi') {
    this.kind = kind;
  }

  current(): NetworkKind {
    return this.kind;
  }

  onChange(listener: (kind: NetworkKind) => void): Unsubscribe {
    const own = (kind: NetworkKind) => listener(kind);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  switchTo(kind: NetworkKind): void {
    if (kind === this.kind) return;
    this.kind = kind;
    for (const listener of [...this.listeners]) listener(kind);
  }
}
