import type { Socket as IoSocket } from 'socket.io-client';
import type { Socket, SocketStatus } from '../../src/core/ports/socket.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

export interface SocketIoSocketOptions {
  /** The server's origin ('' or undefined: the page's own origin). */
  url?: string;
  /** socket.io's path (default /socket.io). */
  path?: string;
  /** First delay before re-opening a dropped connection; doubles up to reconnectDelayMaxMs. */
  reconnectDelayMs?: number;
  reconnectDelayMaxMs?: number;
  /** Transports to use (default: socket.io's polling then websocket). */
  transports?: ('polling' | 'websocket')[];
}

const DEFAULT_DELAY_MS = 1_000;
const DEFAULT_DELAY_MAX_MS = 10_000;

/**
 * The Socket port over socket.io-client. The library is loaded on the first connect() (a dynamic import), so it
 * stays out of the pages that never connect. Dropped connections are re-opened with back-off until disconnect():
 * socket.io does this itself after a transport failure; after the server closed the socket ('io server
 * disconnect') it does not, so this adapter does it. Emits while not connected are dropped, never buffered.
 */
export class SocketIoSocket implements Socket {
  private socket: IoSocket | null = null;
  private wanted = false;
  private loading: Promise<void> | null = null;
  private isConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly statusHandlers = new Set<(status: SocketStatus) => void>();

  constructor(private readonly options: SocketIoSocketOptions = {}) {}

  connect(): void {
    this.wanted = true;
    if (this.socket) {
      if (!this.socket.connected && !this.socket.active) this.socket.connect();
      return;
    }
    if (this.loading) return;
    this.loading = import('socket.io-client').then(
      ({ io }) => {
        this.loading = null;
        if (!this.wanted || this.socket) return;
        const socket = io(this.options.url || undefined, {
          path: this.options.path ?? '/socket.io',
          reconnectionDelay: this.options.reconnectDelayMs ?? DEFAULT_DELAY_MS,
          reconnectionDelayMax: this.options.reconnectDelayMaxMs ?? DEFAULT_DELAY_MAX_MS,
          ...(this.options.transports ? { transports: this.options.transports } : {}),
        });
        this.socket = socket;
        socket.on('connect', () => {
          this.attempt = 0;
          this.setStatus(true);
        });
        socket.on('disconnect', (reason) => {
          this.setStatus(false);
          if (reason === 'io server disconnect' && this.wanted) this.retryLater();
        });
        socket.onAny((event: string, payload: unknown) => {
          for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
        });
      },
      (error: unknown) => {
        this.loading = null;
        console.warn('socket.io-client could not be loaded', error);
        if (this.wanted) this.retryLater();
      },
    );
  }

  disconnect(): void {
    this.wanted = false;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.attempt = 0;
    this.socket?.disconnect();
    this.setStatus(false);
  }

  connected(): boolean {
    return this.isConnected && this.socket?.connected === true;
  }

  transport(): string | null {
    return this.connected() ? (this.socket?.io.engine?.transport?.name ?? null) : null;
  }

  emit(event: string, payload?: unknown): void {
    if (!this.socket?.connected) return;
    if (payload === undefined) this.socket.emit(event);
    else this.socket.emit(event, payload);
  }

  on(event: string, handler: (payload: unknown) => void): Unsubscribe {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  onStatus(handler: (status: SocketStatus) => void): Unsubscribe {
    this.statusHandlers.add(handler);
    return () => this.statusHandlers.delete(handler);
  }

  private setStatus(connected: boolean): void {
    if (connected === this.isConnected) return;
    this.isConnected = connected;
    const status: SocketStatus = connected ? 'connected' : 'disconnected';
    for (const handler of [...this.statusHandlers]) handler(status);
  }

  private retryLater(): void {
    if (this.retryTimer !== null) return;
    const base = this.options.reconnectDelayMs ?? DEFAULT_DELAY_MS;
    const max = this.options.reconnectDelayMaxMs ?? DEFAULT_DELAY_MAX_MS;
    const delay = Math.min(max, base * 2 ** this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.wanted) this.connect();
    }, delay);
  }
}
