/**
 * A browser on the operator console, for the console features' contract suites (not a test file itself): on the
 * reference server it keeps the session cookie the sign-in set and sends the console's Origin, as a browser does;
 * on a fake it names itself in a wire field (the fake keeps a session per browser).
 */
import type { FastifyInstance } from 'fastify';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import type { FakeConsoleOperatorsState } from '../../adapters/http/fake-console-operators-api.ts';
import type { FakeHttp } from '../../adapters/http/fake-http.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { createOperator } from '../../server/operators/operator-accounts.ts';
import { ConsoleOperatorCalls } from '../../src/core/admin-operators/admin-operators-protocol.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import type { OperatorRole } from '../../src/core/shared-kernel/console-access.ts';
import { TEST_ARGON2, uniqueIp } from '../server/support.ts';
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

const OPERATOR_PASSWORD = 'contract password';
let operators = 0;

/**
 * An operator of `role` made as the operator command makes one (by 命令行), signed in on a browser of its own on the
 * reference server.
 */
export async function serverOperator(side: { app: FastifyInstance; db: Database; clock?: { now(): number } }, role: OperatorRole): Promise<ConsoleBrowser> {
  const name = `${role}-${++operators}-${Math.random().toString(36).slice(2, 8)}`;
  const now = () => new Date(side.clock?.now() ?? Date.now());
  const made = await createOperator({ db: side.db, hasher: new PasswordHasher(TEST_ARGON2), now }, { operatorId: null, name: OperatorTexts.commandLine }, { name, role, password: OPERATOR_PASSWORD });
  if (!made.ok) throw new Error(made.problem);
  const browser = serverConsoleBrowser(side.app);
  await browser.send(ConsoleOperatorCalls.signIn, { name, password: OPERATOR_PASSWORD });
  return browser;
}

/** An operator of `role` added to the console operators' fake, signed in on a browser of its own. */
export async function fakeOperator(fake: { operators: FakeConsoleOperatorsState; send: Send; http: FakeHttp }, role: OperatorRole): Promise<ConsoleBrowser> {
  const name = `${role}-${++operators}`;
  fake.operators.addOperator({ name, role, password: OPERATOR_PASSWORD });
  const browser = fakeConsoleBrowser(fake.send, `b${operators}`, fake.http);
  await browser.send(ConsoleOperatorCalls.signIn, { name, password: OPERATOR_PASSWORD });
  return browser;
}
