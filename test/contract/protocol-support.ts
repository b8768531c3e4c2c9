/** What the protocol contract suites share (not a test file itself): the wire as the app sends it, to a fake or the server. */
import type { FastifyInstance } from 'fastify';
import type { FakeHttp } from '../../adapters/http/fake-http.ts';
import { encodeParams, type Call, type Fields, type ParamsOf } from '../../src/core/request/protocol.ts';
import { COMMON_PARAMS } from '../server/support.ts';

export interface Answer {
  ret: number;
  msg: string;
  data: unknown;
}

/**
 * Sends a declared call with its parameters encoded as the app encodes them; `extra` adds fields (a caller's token
 * fields) or overrides or removes wire values (undefined removes).
 */
export type Send = <S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, extra?: Record<string, string | undefined>) => Promise<Answer>;

/** The wire query: common fields, the encoded input, then `extra`; empty values left out, as the app leaves them. */
function wire<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const encoded = Object.fromEntries(Object.entries(encodeParams(declared, input)).map(([key, value]) => [key, String(value)]));
  const params: Record<string, string | undefined> = { ...COMMON_PARAMS, ...encoded, ...extra };
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}

/** Sends to a feature's fake on a FakeHttp. */
export function sendToFake(http: FakeHttp): Send {
  return async (declared, input, extra) =>
    (await http.send({ method: declared.method, url: declared.path, params: wire(declared, input, extra), timeoutMs: 10_000 })).body as Answer;
}

/**
 * Sends to the reference server in process; `address` gives each call's client address (per-address limits, as
 * registration's and login's, then count apart), 127.0.0.1 when left out.
 */
export function sendToServer(app: FastifyInstance, options: { address?: () => string } = {}): Send {
  return async (declared, input, extra) =>
    (await app.inject({ method: declared.method, url: declared.path, query: wire(declared, input, extra), remoteAddress: options.address?.() ?? '127.0.0.1' })).json() as Answer;
}
