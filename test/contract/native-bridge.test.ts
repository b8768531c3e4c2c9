import { describe, expect, it } from 'vitest';
import { FakeNativeBridge } from '../../adapters/native-bridge/fake-native-bridge.ts';
import { WebviewNativeBridge, type NativeWindow } from '../../adapters/native-bridge/webview-native-bridge.ts';
import { MemoryKeyValueStore } from '../../adapters/storage/memory-key-value-store.ts';
import type { NativePlatform } from '../../src/core/ports/native-bridge.ts';
import { nativeBridgeContract, type NativeCallSeen } from './native-bridge.contract.ts';

const NATIVE_FUNCTIONS = ['share', 'close'];

/** A window as each wrapper leaves it, recording what reaches the native side. */
function stubWindow(platform: NativePlatform, received: NativeCallSeen[]): NativeWindow {
  if (platform === 'android') {
    return { android: Object.fromEntries(NATIVE_FUNCTIONS.map((name) => [name, (...args: unknown[]) => void received.push({ name, args })])) };
  }
  if (platform === 'ios') {
    return {
      webkit: {
        messageHandlers: Object.fromEntries(
          NATIVE_FUNCTIONS.map((name) => [name, { postMessage: (message: unknown) => void received.push({ name, args: message as unknown[] }) }]),
        ),
      },
    };
  }
  return {};
}

nativeBridgeContract('WebviewNativeBridge over a stub window', (platform) => {
  const received: NativeCallSeen[] = [];
  const session = new MemoryKeyValueStore(platform === 'none' ? {} : { isWebview: '1' });
  return { bridge: new WebviewNativeBridge(stubWindow(platform, received), session), received: () => received };
});

nativeBridgeContract('FakeNativeBridge', (platform) => {
  const bridge = new FakeNativeBridge(platform);
  return { bridge, received: () => bridge.calls };
});

describe('WebviewNativeBridge', () => {
  it('ignores injected natives unless the session flag isWebview is set', () => {
    const received: NativeCallSeen[] = [];
    const session = new MemoryKeyValueStore();
    const bridge = new WebviewNativeBridge(stubWindow('android', received), session);
    expect(bridge.platform()).toBe('none');
    expect(bridge.call('share')).toBe(false);
    session.set('isWebview', 'true');
    expect(bridge.platform()).toBe('android');
    expect(bridge.call('share')).toBe(true);
    expect(received).toHaveLength(1);
  });

  it('is a plain browser when flagged but nothing was injected', () => {
    const bridge = new WebviewNativeBridge({}, new MemoryKeyValueStore({ isWebview: '1' }));
    expect(bridge.platform()).toBe('none');
    expect(bridge.call('share')).toBe(false);
  });

  it('answers false for a native function the wrapper lacks, or one that throws', () => {
    const session = new MemoryKeyValueStore({ isWebview: '1' });
    const android = new WebviewNativeBridge({ android: { broken: () => { throw new Error('native'); } } }, session);
    expect(android.call('missing')).toBe(false);
    expect(android.call('broken')).toBe(false);
    const ios = new WebviewNativeBridge({ webkit: { messageHandlers: {} } }, session);
    expect(ios.platform()).toBe('ios');
    expect(ios.call('missing')).toBe(false);
  });

  it('calls Android functions on the interface object', () => {
    const android = {
      prefix: 'got:',
      seen: [] as string[],
      record(this: { prefix: string; seen: string[] }, value: string) {
        this.seen.push(this.prefix + value);
      },
    };
    new WebviewNativeBridge({ android }, new MemoryKeyValueStore({ isWebview: '1' })).call('record', 'x');
    expect(android.seen).toEqual(['got:x']);
  });

  it('remembers isWebview=1 from the page query, and nothing else', () => {
    const session = new MemoryKeyValueStore();
    WebviewNativeBridge.rememberWebviewFlag({ isWebview: '0', token: 't' }, session);
    WebviewNativeBridge.rememberWebviewFlag({}, session);
    expect(session.entries()).toEqual([]);
    WebviewNativeBridge.rememberWebviewFlag({ isWebview: '1', token: 't' }, session);
    expect(session.entries()).toEqual([['isWebview', '1']]);
    const other = new MemoryKeyValueStore();
    WebviewNativeBridge.rememberWebviewFlag(new URLSearchParams('?isWebview=1&a=b'), other);
    expect(other.entries()).toEqual([['isWebview', '1']]);
  });
});

describe('FakeNativeBridge', () => {
  it('defaults to a plain browser and can switch wrapper', () => {
    const bridge = new FakeNativeBridge();
    expect(bridge.call('share')).toBe(false);
    bridge.setPlatform('ios');
    expect(bridge.call('share', 1)).toBe(true);
    expect(bridge.calls).toEqual([{ name: 'share', args: [1] }]);
  });
});
