import { describe, expect, it } from 'vitest';
import type { NetworkKind, NetworkType } from '../../src/core/ports/network-type.ts';

export interface NetworkTypeHarness {
  network: NetworkType;
  /** The device moves to another network. */
  switchTo(kind: Exclude<NetworkKind, 'unknown' | 'other'>): void;
}

/** makeHarness: a device on Wi-Fi. */
export function networkTypeContract(name: string, makeHarness: () => NetworkTypeHarness): void {
  describe(`NetworkType contract: ${name}`, () => {
    it('says which network the device is on', () => {
      const h = makeHarness();
      expect(h.network.current()).toBe('wifi');
      h.switchTo('cellular');
      expect(h.network.current()).toBe('cellular');
      h.switchTo('wired');
      expect(h.network.current()).toBe('wired');
    });

    it('tells listeners of each change, not of a change to the same kind', () => {
      const h = makeHarness();
      const heard: NetworkKind[] = [];
      h.network.onChange((kind) => heard.push(kind));
      h.switchTo('cellular');
      h.switchTo('cellular');
      h.switchTo('wifi');
      expect(heard).toEqual(['cellular', 'wifi']);
    });

    it('stops telling a listener once it unsubscribes', () => {
      const h = makeHarness();
      const first: NetworkKind[] = [];
      const second: NetworkKind[] = [];
      const off = h.network.onChange((kind) => first.push(kind));
      h.network.onChange((kind) => second.push(kind));
      h.switchTo('cellular');
      off();
      h.switchTo('none');
      expect(first).toEqual(['cellular']);
      expect(second).toEqual(['cellular', 'none']);
    });
  });
}
