import { afterEach, describe, expect, it } from 'vitest';
import type { Socket, SocketStatus } from '../../src/core/ports/socket.ts';

export interface SocketHarness {
  socket: Socket;
  /** The server sends an event to this client. */
  serverEmit(event: string, payload: unknown): Promise<void>;
  /** Events the server received from this client, in order. */
  serverReceived(): { event: string; payload: unknown }[];
  /** The server closes this client's connection (a server-side disconnect). */
  serverDisconnect(): Promise<void>;
  /** Waits until the condition holds (real time for a real server; at once for a fake). */
  waitFor(condition: () => boolean): Promise<void>;
  close(): Promise<void>;
}

/** The Socket port's contract, run against socket.io and the fake. */
export function socketContract(name: string, makeHarness: () => Promise<SocketHarness>): void {
  describe(`Socket contract: ${name}`, () => {
    let harness: SocketHarness | null = null;
    const open = async () => (harness = await makeHarness());
    afterEach(async () => {
      harness?.socket.disconnect();
      await harness?.close();
      harness = null;
    });

    it('connects on connect(), telling its status, and stays closed before', async () => {
      const h = await open();
      const statuses: SocketStatus[] = [];
      h.socket.onStatus((s) => statuses.push(s));
      expect(h.socket.connected()).toBe(false);
      h.socket.connect();
      await h.waitFor(() => h.socket.connected());
      expect(statuses).toEqual(['connected']);
    });

    it('delivers emits to the server and server events to handlers, until unsubscribed', async () => {
      const h = await open();
      const seen: unknown[] = [];
      const off = h.socket.on('hello', (payload) => seen.push(payload));
      h.socket.connect();
      await h.waitFor(() => h.socket.connected());
      h.socket.emit('connection', { uid: 7, version: '1.0.3' });
      await h.waitFor(() => h.serverReceived().length === 1);
      expect(h.serverReceived()).toEqual([{ event: 'connection', payload: { uid: 7, version: '1.0.3' } }]);
      await h.serverEmit('hello', { n: 1 });
      await h.waitFor(() => seen.length === 1);
      expect(seen).toEqual([{ n: 1 }]);
      off();
      await h.serverEmit('hello', { n: 2 });
      h.socket.emit('marker', 1);
      await h.waitFor(() => h.serverReceived().length === 2);
      expect(seen).toEqual([{ n: 1 }]);
    });

    it('drops emits made while not connected', async () => {
      const h = await open();
      h.socket.emit('early', 1);
      h.socket.connect();
      await h.waitFor(() => h.socket.connected());
      h.socket.emit('late', 2);
      await h.waitFor(() => h.serverReceived().length >= 1);
      expect(h.serverReceived().map((e) => e.event)).toEqual(['late']);
    });

    it('re-opens after a server-side disconnect, and not after disconnect()', async () => {
      const h = await open();
      const statuses: SocketStatus[] = [];
      h.socket.onStatus((s) => statuses.push(s));
      h.socket.connect();
      await h.waitFor(() => h.socket.connected());
      await h.serverDisconnect();
      await h.waitFor(() => statuses.length >= 3 && h.socket.connected());
      expect(statuses.slice(0, 3)).toEqual(['connected', 'disconnected', 'connected']);
      h.socket.disconnect();
      expect(h.socket.connected()).toBe(false);
      h.socket.emit('after', 1);
      expect(statuses[statuses.length - 1]).toBe('disconnected');
      expect(h.serverReceived().map((e) => e.event)).not.toContain('after');
    });
  });
}
