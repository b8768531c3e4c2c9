import type { NativeBridge, NativePlatform } from '../../src/core/ports/native-bridge.ts';

export interface NativeCall {
  name: string;
  args: unknown[];
}

/** A scripted native wrapper: records the calls that reach it. */
export class FakeNativeBridge implements NativeBridge {
  /** Calls the native side received (none while the platform is 'none'). */
  readonly calls: NativeCall[] = [];

  constructor(private currentPlatform: NativePlatform = 'none') {}

  platform(): NativePlatform {
    return this.currentPlatform;
  }

  setPlatform(platform: NativePlatform): void {
    this.currentPlatform = platform;
  }

  call(name: string, ...args: unknown[]): boolean {
    if (this.currentPlatform === 'none') return false;
    this.calls.push({ name, args });
    return true;
  }
}
