import type { Socket, SocketStatus } from '../../src/core/ports/socket.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

export interface EmittedEvent {
  event: string;
  payload: unknown;
}

/**
 * A socket with a fake server side the test drives: connect() connects at once unless the line is dropped;
 * drop() cuts it (the "adapter" then waits), restore() re-opens it when connect() was asked for.
 * Emits while disconnected are dropped, as the port says.
 */
export class FakeSocket implements Socket {
  /** What the client emitted while connected, in order. */
  readonly emitted: EmittedEvent[] = [];
  /** How many times a connection was opened. */
  opens = 0;
  private wanted = false;
  private isConnected = false;
  private lineUp = true;
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly statusHandlers = new Set<(status: SocketStatus) => void>();

  connect(): void {
    this.wanted = true;
    if (this.lineUp) this.setStatus(true);
  }

  disconnect(): void {
    this.wanted = false;
    this.setStatus(false);
  }

  connected(): boolean {
    return this.isConnected;
  }

  /** Whether the client wants to be connected (connect() called, disconnect() not since). */
  wantsConnection(): boolean {
    return this.wanted;
  }

  emit(event: string, payload?: unknown): void {
    if (!this.isConnected) return;
    this.emitted.push({ event, payload });
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

  /** The server sends an event (delivered only while connected). */
  serverEmit(event: string, payload?: unknown): void {
    if (!this.isConnected) return;
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }

  /** The connection drops (network or server-side); it stays down until restore(). */
  drop(): void {
    this.lineUp = false;
    this.setStatus(false);
  }

  /** The line comes back: the client re-opens if it still wants to be connected. */
  restore(): void {
    this.lineUp = true;
    if (this.wanted) this.setStatus(true);
  }

  /** Emitted events of one name, payloads only. */
  emittedOf(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }

  private setStatus(connected: boolean): void {
    if (connected === this.isConnected) return;
    this.isConnected = connected;
    if (connected) this.opens += 1;
    const status: SocketStatus = connected ? 'connected' : 'disconnected';
    for (const handler of [...this.statusHandlers]) handler(status);
  }
}
