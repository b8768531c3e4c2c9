/**
 * The protocol contract harness (not a test file itself): a feature's suite states its world once, for the fake the
 * app's tests use and for the reference server, and the harness runs the suite's `it` blocks against both, so the
 * fake cannot drift from the server. The harness makes and closes what every side needs (the FakeHttp, the server's
 * test database, its files, its clock and the app); the suite states only what its feature needs (users signed in,
 * seed rows, the fake's initial state).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { FakeHttp } from '../../adapters/http/fake-http.ts';
import { createApp } from '../../server/app.ts';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { encodeParams, type Call, type Fields, type ParamsOf } from '../../src/core/request/protocol.ts';
import { COMMON_PARAMS, FakeClock, createTestDatabase, testConfig } from '../server/support.ts';

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
export function wire<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, extra: Record<string, string | undefined> = {}): Record<string, string> {
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
function sendToServer(app: FastifyInstance, address?: () => string): Send {
  return async (declared, input, extra) =>
    (await app.inject({ method: declared.method, url: declared.path, query: wire(declared, input, extra), remoteAddress: address?.() ?? '127.0.0.1' })).json() as Answer;
}

/** What the fake's world is made on: a new FakeHttp for the feature's fake, and a clock for the fake's `now`. */
export interface FakeSide {
  http: FakeHttp;
  /** Sends to the fakes installed on `http`. */
  send: Send;
  clock: FakeClock;
}

/** What the reference server's world is made on: the app the harness started on its own test database. */
export interface ServerSide {
  app: FastifyInstance;
  db: Database;
  /** The app's clock (unless the suite asked for the system clock). */
  clock: FakeClock;
  /** The server's files (config.dataDir: its outbox, uploads, media): a fresh directory, removed at the end. */
  dataDir: string;
  /** Sends to the app, from the suite's `address`. */
  send: Send;
}

export interface ContractWorlds<W> {
  /** Where both sides' clocks start (FakeClock's default, 2030-01-15 04:00 UTC, when left out). */
  startsAt?: number;
  /** The fake's world: the feature's fake installed on `side.http`, with its initial state. */
  fake(side: FakeSide): W | Promise<W>;
  server: {
    /** The server's config beside the test config and the harness's dataDir. */
    config?: Partial<Config>;
    /** The app reads the system clock, not the side's FakeClock (for rows that take the database's now()). */
    systemClock?: true;
    /** Each call's client address (per-address limits then count apart); 127.0.0.1 when left out. */
    address?: () => string;
    /** Rows the server needs, written on the migrated database before the app starts. */
    seed?(db: Database, clock: FakeClock): Promise<unknown>;
    /** The server's world, once the app has started. */
    world(side: ServerSide): W | Promise<W>;
  };
}

/**
 * Runs `suite` as `<title>: the fake` and as `<title>: the reference server`. `suite` gets the side's world before it
 * is made (the `it` blocks read it once it is: a world read outside an `it` block or a hook fails).
 */
export function protocolContract<W extends object>(title: string, worlds: ContractWorlds<W>, suite: (world: W) => void): void {
  side(`${title}: the fake`, suite, async () => {
    const http = new FakeHttp();
    return worlds.fake({ http, send: sendToFake(http), clock: new FakeClock(worlds.startsAt) });
  });
  side(`${title}: the reference server`, suite, async (closing) => {
    const db = await createTestDatabase();
    closing.push(() => db.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'contract-'));
    closing.push(() => rm(dataDir, { recursive: true, force: true }));
    const { server } = worlds;
    const clock = new FakeClock(worlds.startsAt);
    await server.seed?.(db, clock);
    const app = await createApp({ db, config: testConfig({ ...server.config, dataDir }), ...(server.systemClock ? {} : { clock }), logger: false });
    closing.push(() => app.close());
    return server.world({ app, db, clock, dataDir, send: sendToServer(app, server.address) });
  });
}

function side<W extends object>(name: string, suite: (world: W) => void, open: (closing: Array<() => Promise<unknown>>) => Promise<W>): void {
  describe(name, () => {
    let opened: W | undefined;
    const closing: Array<() => Promise<unknown>> = [];
    // A migrated database and its seeds take a while on a loaded machine.
    beforeAll(async () => {
      opened = await open(closing);
    }, 180_000);
    afterAll(async () => {
      // Last made, first closed; each closed even if one before it fails.
      const failures: unknown[] = [];
      for (const close of closing.reverse()) await close().catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw new AggregateError(failures, `${name}: closing failed`);
    });
    suite(
      new Proxy({} as W, {
        get(_, key) {
          if (opened === undefined) throw new Error(`${name}: the world is read before it is made`);
          return Reflect.get(opened, key) as unknown;
        },
      }),
    );
  });
}
