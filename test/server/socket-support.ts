/** socket.io-client helpers for the socket tests (not a test file itself). */
import { io as connectClient } from 'socket.io-client';
import type { Socket as ClientSocket } from 'socket.io-client';
import type { SessionToken } from '../../server/auth/sessions.ts';
import { SOCKET_PROTOCOL_VERSION } from '../../server/socket/socket-server.ts';
import { tokenParams } from './support.ts';

export interface RecordedEvent {
  name: string;
  payload: unknown;
}

/** A client socket that records every event it receives. */
export interface TestSocket {
  socket: ClientSocket;
  events: RecordedEvent[];
  /** Events of that name received so far. */
  named(name: string): unknown[];
  /** Resolves with the payload of the next (or an already received, not yet taken) event of that name. */
  next(name: string, timeoutMs?: number): Promise<unknown>;
  /** Resolves once the socket is disconnected, with the reason. */
  disconnected(timeoutMs?: number): Promise<string>;
  close(): void;
}

const DEFAULT_TIMEOUT_MS = 5000;

/** Opens a websocket connection to url (no reconnection) and waits for `connect`. */
export async function openSocket(url: string): Promise<TestSocket> {
  const socket = connectClient(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  const events: RecordedEvent[] = [];
  const taken = new Map<string, number>();
  const waiters: { name: string; resolve: (payload: unknown) => void }[] = [];
  let disconnectReason: string | undefined;
  const disconnectWaiters: ((reason: string) => void)[] = [];

  socket.onAny((name: string, payload: unknown) => {
    events.push({ name, payload });
    const index = waiters.findIndex((waiter) => waiter.name === name);
    if (index >= 0) {
      const [waiter] = waiters.splice(index, 1);
      taken.set(name, (taken.get(name) ?? 0) + 1);
      waiter?.resolve(payload);
    }
  });
  socket.on('disconnect', (reason) => {
    disconnectReason = reason;
    for (const resolve of disconnectWaiters.splice(0)) resolve(reason);
  });

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect')), DEFAULT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });

  const named = (name: string): unknown[] => events.filter((event) => event.name === name).map((event) => event.payload);
  return {
    socket,
    events,
    named,
    next: (name, timeoutMs = DEFAULT_TIMEOUT_MS) => {
      const already = named(name);
      const used = taken.get(name) ?? 0;
      if (already.length > used) {
        taken.set(name, used + 1);
        return Promise.resolve(already[used]);
      }
      return new Promise((resolve, reject) => {
        const waiter = { name, resolve: (payload: unknown) => {
          clearTimeout(timer);
          resolve(payload);
        } };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no ${name} event within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    disconnected: (timeoutMs = DEFAULT_TIMEOUT_MS) => {
      if (disconnectReason !== undefined) return Promise.resolve(disconnectReason);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('socket was not disconnected')), timeoutMs);
        disconnectWaiters.push((reason) => {
          clearTimeout(timer);
          resolve(reason);
        });
      });
    },
    close: () => {
      socket.disconnect();
    },
  };
}

/** The connection event's payload for a logged-in user, as the client sends it. */
export function connectionPayload(token: SessionToken): Record<string, string> {
  return { ...tokenParams(token), version: SOCKET_PROTOCOL_VERSION };
}

/** Opens a socket and authenticates it; fails unless connectionResult is ret 200. */
export async function openAuthenticated(url: string, token: SessionToken): Promise<TestSocket> {
  const client = await openSocket(url);
  client.socket.emit('connection', connectionPayload(token));
  const result = await client.next('connectionResult') as { ret: number };
  if (result.ret !== 200) throw new Error(`socket authentication failed: ${JSON.stringify(result)}`);
  return client;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => {
  setTimeout(resolve, ms);
});

/** Polls check until it returns true (or fails after timeoutMs). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}
