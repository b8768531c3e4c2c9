/**
 * Serves a call declared in a feature's protocol module (src/core/request/protocol.ts): the route's method and path,
 * its parameters read and checked from the declaration, and its handler held to the declared answer type. A route
 * parses, calls, answers.
 */
import type { FastifyInstance } from 'fastify';
import type { AuthMode } from '../auth/authenticator.ts';
import type { Call, Field, Fields, IdField, IntField, JsonField, ListField, ReceivedOf, TextField } from '../../src/core/request/protocol.ts';
import { badParam, missingParam } from './api-error.ts';
import type { ApiContext, ApiRouteOptions, ApiRouter } from './api-router.ts';
import type { ApiOk } from './envelope.ts';
import type { Params } from './params.ts';

function readText(params: Params, name: string, field: TextField): string | undefined {
  const raw = params.optionalString(name);
  const text = raw === undefined ? raw : field.squash === true ? raw.replace(/\s+/g, '') : field.trim === true ? raw.trim() : raw;
  if (text === undefined || text === '') {
    if (field.keepsEmpty === true && field.optional === true && params.get(name) !== undefined) return '';
    if (field.optional === true) return undefined;
    throw raw === undefined ? missingParam(name) : badParam(name);
  }
  if (text.length > field.max) throw badParam(name, field.badMessage);
  if (field.oneOf !== undefined && !field.oneOf.includes(text)) throw badParam(name, field.badMessage);
  if (field.pattern !== undefined && !field.pattern.test(text)) throw badParam(name, field.badMessage);
  return text;
}

/** True when the field takes an empty value as none and this one is empty or blank. */
function emptyAsNone(params: Params, name: string, field: IntField | IdField): boolean {
  return field.emptyIsNone === true && params.optionalString(name)?.trim() === '';
}

function readInt(params: Params, name: string, field: IntField): number | undefined {
  const read = () => (field.wide === true ? params.optionalSafeInt(name) : params.optionalInt(name));
  const value = (emptyAsNone(params, name, field) ? undefined : read()) ?? field.fallback;
  if (value === undefined) {
    if (field.optional === true) return undefined;
    throw missingParam(name);
  }
  if (value < field.min || value > field.max) throw badParam(name, field.rangeMessage);
  return value;
}

function readId(params: Params, name: string, field: IdField): number | undefined {
  if (field.optional === true && emptyAsNone(params, name, field)) return undefined;
  return field.optional === true ? params.optionalId(name) : params.id(name);
}

function readList(params: Params, name: string, field: ListField): string[] {
  const items = params.string(name).split(',').map((item) => item.trim());
  if (items.some((item) => item === '' || item.length > field.maxLength)) throw badParam(name);
  const distinct = [...new Set(items)];
  if (distinct.length > field.maxItems) throw badParam(name, field.tooManyMessage);
  return distinct;
}

/** JSON text parsed; a value that is not text (a JSON body) as it came; absent or empty: undefined when optional. */
function readJson(params: Params, name: string, field: JsonField<unknown>): unknown {
  const raw = params.get(name);
  if (raw === undefined || raw === '') {
    if (field.optional === true) return undefined;
    throw raw === undefined ? missingParam(name) : badParam(name);
  }
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badParam(name);
  }
}

function readField(params: Params, name: string, field: Field): unknown {
  switch (field.kind) {
    case 'text':
      return readText(params, name, field);
    case 'int':
      return readInt(params, name, field);
    case 'list':
      return readList(params, name, field);
    case 'id':
      return readId(params, name, field);
    case 'json':
      return readJson(params, name, field);
  }
}

/** A declared call's parameters, read and checked (1001 missing, 1002 malformed, as `Params` answers them). */
function readDeclared<S extends Fields>(declared: Call<S, unknown>, params: Params): ReceivedOf<S> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declared.params)) {
    const value = readField(params, name, field);
    if (value !== undefined) input[name] = value;
  }
  return input as ReceivedOf<S>;
}

/** The declarations `serve` registered, per app, by `METHOD path`. */
const declaredCalls = new WeakMap<FastifyInstance, Map<string, Call<Fields, unknown>>>();

/**
 * The declaration `serve` registered for an app's route (`GET`, `/api/…`), undefined for a route served otherwise:
 * the parameters every route takes, for tests that must cover each of them (test/server/bad-input.test.ts).
 */
export function declaredCallOf(app: FastifyInstance, method: string, url: string): Call<Fields, unknown> | undefined {
  return declaredCalls.get(app)?.get(`${method} ${url}`);
}

type DeclaredHandler<A extends AuthMode, S extends Fields, Data> = (context: ApiContext<A> & { input: ReceivedOf<S> }) => Promise<Data | ApiOk<Data>>;

/** Registers `declared` on the router: `handler` gets the checked input and answers the declared data. */
export function serve<A extends AuthMode, S extends Fields, Data>(
  api: ApiRouter,
  declared: Call<S, Data>,
  auth: A,
  handler: DeclaredHandler<A, S, Data>,
  options?: ApiRouteOptions,
): void {
  const register = declared.method === 'GET' ? api.get : api.post;
  const calls = declaredCalls.get(api.app) ?? new Map<string, Call<Fields, unknown>>();
  declaredCalls.set(api.app, calls);
  calls.set(`${declared.method} ${declared.path}`, declared);
  register(declared.path, auth, (context) => handler({ ...context, input: readDeclared(declared, context.params) }), options);
}
