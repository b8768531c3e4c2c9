export type NativePlatform = 'android' | 'ios' | 'none';

/** The native app wrapper around the web view. */
export interface NativeBridge {
  /** Which wrapper the page runs in ('none' in a plain browser). */
  platform(): NativePlatform;
  /**
   * Calls a native function. On Android it is called by name with the argument list;
   * on iOS the arguments are posted to the native handler of that name.
   * Returns false when there is no native wrapper to call.
   */
  call(name: string, ...args: unknown[]): boolean;
}
export const NativeBridge = Symbol('NativeBridge');
