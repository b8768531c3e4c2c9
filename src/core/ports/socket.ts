import type { Unsubscribe } from './page-visibility.ts';

export type SocketStatus = 'connected' | 'disconnected';

/**
 * A realtime connection to the server (socket.io in the browser). connect() opens it and keeps it open:
 * dropped connections are re-opened by the adapter (with back-off) until disconnect(). Emits made while not
 * connected are dropped, not queued: the core re-sends what matters on each 'connected' status.
 */
export interface Socket {
  connect(): void;
  /** Closes the connection and stops re-opening it. */
  disconnect(): void;
  connected(): boolean;
  /** The transport in use while connected (socket.io: websocket or polling), else null; diagnostics only. */
  transport?(): string | null;
  emit(event: string, payload?: unknown): void;
  /** Server events by name (never the transport's own connect/disconnect events: see onStatus). */
  on(event: string, handler: (payload: unknown) => void): Unsubscribe;
  /** Each change between connected and disconnected (a first 'connected' after connect(), again after every re-open). */
  onStatus(handler: (status: SocketStatus) => void): Unsubscribe;
}
export const Socket = Symbol('Socket');
