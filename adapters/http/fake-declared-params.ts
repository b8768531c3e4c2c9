/**
 * A fake API's reading of a declared call's parameters (src/core/request/protocol.ts), as the reference server reads
 * them (server/http/protocol-route.ts): 1001 缺少参数：<name> when absent, 1002 参数格式错误：<name> (or the field's own
 * message) when malformed. Fakes use it so their refusals cannot drift from the declaration.
 */
import type { Call, Field, Fields, IdField, IntField, ReceivedOf } from '../../src/core/request/protocol.ts';
import type { FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

const ROW_ID_MAX = 2_147_483_647;

/** A refusal of a parameter: its answer. */
export class FakeRefusal extends Error {
  constructor(readonly answer: FakeHttpAnswer) {
    super(JSON.stringify(answer.body));
  }
}

const refuse = (ret: number, msg: string): FakeRefusal => new FakeRefusal({ body: { ret, msg, data: null } });
const missing = (name: string) => refuse(1001, `缺少参数：${name}`);
const bad = (name: string, message = `参数格式错误：${name}`) => refuse(1002, message);

/** The raw value: the query's, else the body's (a JSON body's values as they came). */
function rawOf(call: FakeHttpCall, name: string): unknown {
  return call.params[name] ?? call.body[name];
}

/** Text as the server's Params reads it: absent when undefined, null or ''; numbers and booleans as text. */
function textOf(call: FakeHttpCall, name: string): string | undefined {
  const value = rawOf(call, name);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw bad(name);
}

/** A whole number: up to 15 digits, and within a PostgreSQL integer unless `wide`. */
function wholeOf(call: FakeHttpCall, name: string, wide = false): number | undefined {
  const text = textOf(call, name)?.trim();
  if (text === undefined) return undefined;
  if (/^-?\d{16,}$/.test(text)) throw bad(name, `参数格式错误：${name}超出范围`);
  if (!/^-?\d{1,15}$/.test(text)) throw bad(name);
  const value = Number(text);
  if (!wide && (value < -ROW_ID_MAX - 1 || value > ROW_ID_MAX)) throw bad(name, `参数格式错误：${name}超出范围`);
  return value;
}

/** True when the field takes an empty value as none and this one is empty or blank. */
function emptyAsNone(call: FakeHttpCall, name: string, field: IntField | IdField): boolean {
  const raw = rawOf(call, name);
  return field.emptyIsNone === true && typeof raw === 'string' && raw.trim() === '';
}

function readField(call: FakeHttpCall, name: string, field: Field): unknown {
  switch (field.kind) {
    case 'text': {
      const raw = textOf(call, name);
      const text = raw === undefined ? raw : field.squash === true ? raw.replace(/\s+/g, '') : field.trim === true ? raw.trim() : raw;
      if (text === undefined || text === '') {
        if (field.keepsEmpty === true && field.optional === true && rawOf(call, name) !== undefined) return '';
        if (field.optional === true) return undefined;
        throw raw === undefined ? missing(name) : bad(name);
      }
      const refused = text.length > field.max || (field.oneOf !== undefined && !field.oneOf.includes(text)) || (field.pattern !== undefined && !field.pattern.test(text));
      if (refused) throw bad(name, field.badMessage);
      return text;
    }
    case 'int': {
      const value = (emptyAsNone(call, name, field) ? undefined : wholeOf(call, name, field.wide === true)) ?? field.fallback;
      if (value === undefined) {
        if (field.optional === true) return undefined;
        throw missing(name);
      }
      if (value < field.min || value > field.max) throw bad(name, field.rangeMessage);
      return value;
    }
    case 'id': {
      const value = field.optional === true && emptyAsNone(call, name, field) ? undefined : wholeOf(call, name);
      if (value === undefined) {
        if (field.optional === true) return undefined;
        throw missing(name);
      }
      if (value < 1) throw bad(name);
      return value;
    }
    case 'list': {
      const text = textOf(call, name);
      if (text === undefined) throw missing(name);
      const items = text.split(',').map((item) => item.trim());
      if (items.some((item) => item === '' || item.length > field.maxLength)) throw bad(name);
      const distinct = [...new Set(items)];
      if (distinct.length > field.maxItems) throw bad(name, field.tooManyMessage);
      return distinct;
    }
    case 'json': {
      const raw = rawOf(call, name);
      if (raw === undefined || raw === '') {
        if (field.optional === true) return undefined;
        throw raw === undefined ? missing(name) : bad(name);
      }
      if (typeof raw !== 'string') return raw;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        throw bad(name);
      }
    }
  }
}

/** A declared call's parameters, read and checked in their declared order; throws {@link FakeRefusal}. */
export function readDeclaredParams<S extends Fields>(declared: Call<S, unknown>, call: FakeHttpCall): ReceivedOf<S> {
  const input: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(declared.params)) {
    const value = readField(call, name, field);
    if (value !== undefined) input[name] = value;
  }
  return input as ReceivedOf<S>;
}
