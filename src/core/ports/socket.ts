import type { Unsubscribe } from './page-visibility.ts';

/** A realtime connection to the server (socket.io in the browser). Adapters arrive with messaging. */
export interface Socket {
  connect(): void;
  disconnect(): void;
  connected(): boolean;
  emit(event: string, payload?: unknown): void;
  on(event: string, handler: (payload: unknown) => void): Unsubscribe;
}
export const Socket = Symbol('Socket');
