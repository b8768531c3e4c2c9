/**
 * A browser on the operator console, for the console features' contract suites (not a test file itself): on the
 * reference server it keeps the session cookie the sign-in set and sends the console's Origin, as a browser does;
 * on a fake it names itself in a wire field (the fake keeps a session per browser).
 */
import type { FastifyInstance } from 'fastify';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import type { FakeHttp } from '../../adapters/http/fake-http.ts';
import { uniqueIp } from '../server/support.ts';
import { wire, type Answer, type Send } from './protocol-contract.ts';

export interface ConsoleBrowser {
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>): Promise<Answer>;
  /** A POST whose body is `bytes` (application/octet-stream), its parameters in the query (a source's chunk). */
  sendBytes<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, bytes: Uint8Array): Promise<Answer>;
}

const CONSOLE_HOST = 'console.test';

/** A browser of its own on the reference server (its own cookie), each call from an address of its own. */
export function serverConsoleBrowser(app: FastifyInstance): ConsoleBrowser {
  let cookie = '';
  const inject = async <S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, bytes?: Uint8Array): Promise<Answer> => {
    const response = await app.inject({
      method: declared.method,
      url: declared.path,
      query: wire(declared, input),
      headers: {
        host: CONSOLE_HOST,
        origin: `http://${CONSOLE_HOST}`,
        ...(cookie === '' ? {} : { cookie }),
        ...(bytes ? { 'content-type': 'application/octet-stream' } : {}),
      },
      ...(bytes ? { payload: Buffer.from(bytes) } : {}),
      remoteAddress: uniqueIp(),
    });
    const set = response.headers['set-cookie'];
    if (set !== undefined) cookie = String(set).split(';')[0] ?? '';
    return response.json() as Answer;
  };
  return { send: (declared, input) => inject(declared, input), sendBytes: (declared, input, bytes) => inject(declared, input, bytes) };
}

/** A browser named `id` on the console fakes (their `browser` option reads the `browser` field). */
export function fakeConsoleBrowser(send: Send, id: string, http?: FakeHttp): ConsoleBrowser {
  return {
    send: (declared, input) => send(declared, input, { browser: id }),
    sendBytes: async (declared, input, bytes) => {
      if (!http) throw new Error('fakeConsoleBrowser: bytes need the FakeHttp');
      return (await http.send({ method: 'POST', url: declared.path, params: wire(declared, input, { browser: id }), bytes, bodyEncoding: 'bytes', timeoutMs: 10_000 })).body as Answer;
    },
  };
}
