import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { FakeSocket } from '../../adapters/socket/fake-socket.ts';
import { SocketIoSocket } from '../../adapters/socket/socket-io-socket.ts';
import { socketContract, type SocketHarness } from './socket.contract.ts';

async function waitReal(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

socketContract('SocketIoSocket (a real socket.io server)', async () => {
  const http = createServer();
  const io = new Server(http);
  const received: { event: string; payload: unknown }[] = [];
  let current: ServerSocket | null = null;
  io.on('connection', (socket) => {
    current = socket;
    socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;
  const socket = new SocketIoSocket({ url: `http://127.0.0.1:${port}`, reconnectDelayMs: 50, reconnectDelayMaxMs: 200, transports: ['websocket'] });
  const harness: SocketHarness = {
    socket,
    serverEmit: async (event, payload) => {
      current?.emit(event, payload);
    },
    serverReceived: () => received,
    serverDisconnect: async () => {
      current?.disconnect(true);
    },
    waitFor: (condition) => waitReal(condition),
    close: async () => {
      await io.close();
    },
  };
  return harness;
});

socketContract('FakeSocket', async () => {
  const socket = new FakeSocket();
  return {
    socket,
    serverEmit: async (event, payload) => socket.serverEmit(event, payload),
    serverReceived: () => socket.emitted,
    serverDisconnect: async () => {
      socket.drop();
      socket.restore();
    },
    waitFor: async (condition) => {
      if (!condition()) throw new Error('the fake answers at once');
    },
    close: async () => undefined,
  };
});

describe('FakeSocket', () => {
  it('stays down while dropped and re-opens on restore only when still wanted', () => {
    const socket = new FakeSocket();
    socket.connect();
    socket.drop();
    socket.connect();
    expect(socket.connected()).toBe(false);
    socket.restore();
    expect(socket.connected()).toBe(true);
    expect(socket.opens).toBe(2);
    socket.disconnect();
    socket.drop();
    socket.restore();
    expect(socket.connected()).toBe(false);
  });
});
