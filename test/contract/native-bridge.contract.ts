import { describe, expect, it } from 'vitest';
import type { NativeBridge, NativePlatform } from '../../src/core/ports/native-bridge.ts';

export interface NativeCallSeen {
  name: string;
  args: unknown[];
}

export interface NativeBridgeHarness {
  bridge: NativeBridge;
  /** What the native side received, in order. */
  received(): NativeCallSeen[];
}

/** makeHarness(platform): a page inside that wrapper (or a plain browser for 'none'); natives offer share and close. */
export function nativeBridgeContract(name: string, makeHarness: (platform: NativePlatform) => NativeBridgeHarness): void {
  describe(`NativeBridge contract: ${name}`, () => {
    it.each(['android', 'ios'] as const)('in the %s wrapper, delivers calls by name with their arguments', (platform) => {
      const h = makeHarness(platform);
      expect(h.bridge.platform()).toBe(platform);
      expect(h.bridge.call('share', '标题', 2, { url: 'https://x.test' })).toBe(true);
      expect(h.bridge.call('close')).toBe(true);
      expect(h.received()).toEqual([
        { name: 'share', args: ['标题', 2, { url: 'https://x.test' }] },
        { name: 'close', args: [] },
      ]);
    });

    it('in a plain browser, calls nothing and says so', () => {
      const h = makeHarness('none');
      expect(h.bridge.platform()).toBe('none');
      expect(h.bridge.call('share', 'x')).toBe(false);
      expect(h.received()).toEqual([]);
    });
  });
}
