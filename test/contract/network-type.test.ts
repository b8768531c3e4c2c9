import { describe, expect, it } from 'vitest';
import { ConnectionNetworkType, type NetworkConnection } from '../../adapters/network-type/connection-network-type.ts';
import { FakeNetworkType } from '../../adapters/network-type/fake-network-type.ts';
import { networkTypeContract } from './network-type.contract.ts';

/** navigator.connection as Chrome on Android has it: a type and change events. */
class ScriptedConnection implements NetworkConnection {
  type: string | undefined = 'wifi';
  private readonly listeners = new Set<() => void>();

  addEventListener(_type: 'change', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'change', listener: () => void): void {
    this.listeners.delete(listener);
  }

  change(type: string | undefined): void {
    this.type = type;
    for (const listener of [...this.listeners]) listener();
  }
}

const TYPES = { cellular: 'cellular', wifi: 'wifi', wired: 'ethernet', none: 'none' } as const;

networkTypeContract('ConnectionNetworkType over navigator.connection', () => {
  const connection = new ScriptedConnection();
  return { network: new ConnectionNetworkType({ connection }), switchTo: (kind) => connection.change(TYPES[kind]) };
});

networkTypeContract('FakeNetworkType', () => {
  const network = new FakeNetworkType();
  return { network, switchTo: (kind) => network.switchTo(kind) };
});

describe('ConnectionNetworkType', () => {
  it('is unknown where the browser has no connection or no type (iOS Safari, desktop Chrome)', () => {
    expect(new ConnectionNetworkType({}).current()).toBe('unknown');
    const connection = new ScriptedConnection();
    connection.type = undefined;
    expect(new ConnectionNetworkType({ connection }).current()).toBe('unknown');
    expect(new ConnectionNetworkType({}).onChange(() => {})).toBeTypeOf('function');
  });

  it('reads the other kinds of the Network Information API', () => {
    const connection = new ScriptedConnection();
    const network = new ConnectionNetworkType({ connection });
    connection.type = 'bluetooth';
    expect(network.current()).toBe('other');
    connection.type = 'something-new';
    expect(network.current()).toBe('unknown');
  });
});
