/**
 * A browser on the operator console, for the console features' contract suites (not a test file itself): on the
 * reference server it keeps the session cookie the sign-in set and sends the console's Origin, as a browser does;
 * on a fake it names itself in a wire field (the fake keeps a session per browser).
 */
import type { FastifyInstance } from 'fastify';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import { uniqueIp } from '../server/support.ts';
import { wire, type Answer, type Send } from './protocol-contract.ts';

export interface ConsoleBrowser {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>): Promise<Answer>;
}

const CONSOLE_HOST = 'console.test';

/** A browser of its own on the reference server (its own cookie), each call from an address of its own. */
export function serverConsoleBrowser(app: FastifyInstance): ConsoleBrowser {
  let cookie = '';
  return {
    send: async (declared, input) => {
      const response = await app.inject({
        method: declared.method,
        url: declared.path,
        query: wire(declared, input),
        headers: { host: CONSOLE_HOST, origin: `http://${CONSOLE_HOST}`, ...(cookie === '' ? {} : { cookie }) },
        remoteAddress: uniqueIp(),
      });
      const set = response.headers['set-cookie'];
      if (set !== undefined) cookie = String(set).split(';')[0] ?? '';
      return response.json() as Answer;
    },
  };
}

/** A browser named `id` on the console fakes (their `browser` option reads the `browser` field). */
export function fakeConsoleBrowser(send: Send, id: string): ConsoleBrowser {
  return { send: (declared, input) => send(declared, input, { browser: id }) };
}
