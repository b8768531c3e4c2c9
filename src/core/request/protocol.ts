/**
 * How a feature's calls are declared once for the app, the reference server and the fakes (issue 21): each call's
 * method, path, how its parameters travel, each parameter's kind and limits, and the type of its answer's `data`.
 * The app encodes a call's parameters through its declaration (ApiClient.request); the server reads and checks them
 * from the same declaration (server/http/protocol-route.ts); a feature's protocol module (`<feature>-protocol.ts`)
 * holds its calls, and no wire type is written on both sides.
 */
import type { GenericSchema, InferOutput } from 'valibot';
import type { HttpParams } from '../ports/http.ts';

/**
 * Where the parameters travel: the query string (every GET, and the POSTs the spec sends that way), or a form body
 * (POST bodies are form-encoded, spec §3/§7).
 */
type Carrier = 'query' | 'form';

/**
 * Text, trimmed when `trim`, every whitespace removed when `squash`; 1001 when absent (unless optional), 1002 when
 * longer than `max`, not one of `oneOf` or not matching `pattern` (with `badMessage` when given).
 */
export interface TextField {
  kind: 'text';
  max: number;
  trim?: boolean;
  squash?: boolean;
  oneOf?: readonly string[];
  pattern?: RegExp;
  optional?: boolean;
  /** The 1002 refusal's message (too long, not one of `oneOf`, not matching `pattern`); 参数格式错误：<name> when left out. */
  badMessage?: string;
  /**
   * An optional field given empty (or blank, when trimmed) is '' rather than absent (UpdateUserInfo's introduction=
   * clears it; an absent one is left alone).
   */
  keepsEmpty?: boolean;
  /** On a form call, this field travels in the query string instead (Replys' optional videoType, spec §7). */
  inQuery?: boolean;
}

/**
 * A whole number from `min` to `max`; `fallback` when absent (then never missing); `rangeMessage` for a refusal.
 * Read as a PostgreSQL integer (beyond it: 1002 …超出范围), or with `wide` up to 15 digits (bytes, milliseconds).
 */
export interface IntField {
  kind: 'int';
  min: number;
  max: number;
  wide?: boolean;
  fallback?: number;
  optional?: boolean;
  rangeMessage?: string;
  /** An empty or blank value is none (as GetVipPayType's unset ids travel); the app then sends it empty. */
  emptyIsNone?: boolean;
}

/** Comma-separated text: each item trimmed, non-empty, at most `maxLength`; duplicates dropped; at most `maxItems`. */
export interface ListField {
  kind: 'list';
  maxItems: number;
  maxLength: number;
  /** The refusal for too many items (1002). */
  tooManyMessage: string;
}

/** A row id: a whole number from 1 to the largest integer-column value (as the server's `Params.id` reads it). */
export interface IdField {
  kind: 'id';
  optional?: boolean;
  /** An empty or blank value is none (as GetVipPayType's unset ids travel); the app then sends it empty. */
  emptyIsNone?: boolean;
}

declare const jsonValue: unique symbol;

/**
 * A structured value travelling as one field of JSON text (CreateTrends' form body: `trends={"contxt":"…"}`). The
 * app gives a `T`; the server parses the text (1001 when absent unless optional, 1002 when empty or not JSON; a value
 * that is not text, from a JSON body, is taken as it came) and hands its handler `unknown`: the shape is the use
 * case's to check. Declare one with {@link json}.
 */
export interface JsonField<T> {
  kind: 'json';
  optional?: boolean;
  readonly [jsonValue]?: T;
}

/** A {@link JsonField} holding a `T`: `json<PostText>()`, or `json<Place>({ optional: true })`. */
export function json<T>(): JsonField<T>;
export function json<T>(options: { optional: true }): JsonField<T> & { optional: true };
export function json<T>(options: { optional?: true } = {}): JsonField<T> {
  return { kind: 'json', ...options };
}

export type Field = TextField | IntField | ListField | IdField | JsonField<unknown>;
export type Fields = Readonly<Record<string, Field>>;

type ValueOf<F extends Field> = F extends TextField
  ? string
  : F extends IntField | IdField
    ? number
    : F extends ListField
      ? readonly string[]
      : F extends JsonField<infer T>
        ? T
        : never;
type IsOptional<F extends Field> = F extends { optional: true } ? true : false;

/** The parameters of a call as the app gives them and the server's handler receives them. */
export type ParamsOf<S extends Fields> = { -readonly [K in keyof S as IsOptional<S[K]> extends true ? never : K]: ValueOf<S[K]> } & {
  -readonly [K in keyof S as IsOptional<S[K]> extends true ? K : never]?: ValueOf<S[K]>;
};

type ReceivedValueOf<F extends Field> = F extends JsonField<unknown> ? unknown : ValueOf<F>;

/** The parameters as the server's handler receives them: as {@link ParamsOf}, but JSON fields unchecked (`unknown`). */
export type ReceivedOf<S extends Fields> = { -readonly [K in keyof S as IsOptional<S[K]> extends true ? never : K]: ReceivedValueOf<S[K]> } & {
  -readonly [K in keyof S as IsOptional<S[K]> extends true ? K : never]?: ReceivedValueOf<S[K]>;
};

declare const answers: unique symbol;

/**
 * What a call answers, checked at run time: a valibot schema of its answer's `data`, built from the wire's loose kinds
 * (answer-values.ts). Its output is the call's `Data`, so the type is written once; ApiClient reads each answer
 * through it once.
 */
export type AnswerSchema<Data = unknown> = GenericSchema<unknown, Data>;

/** One call of the API. `Data` is the type of its answer's `data`; `Refusal` the ret codes its callers handle themselves. */
export interface Call<S extends Fields, Data, Refusal extends number = number> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly carrier: Carrier;
  readonly params: S;
  /**
   * A person's own words, place or like (a comment, a barrage, a chat message, the play position; a 赞 shown at once):
   * the request is sent to the end even when the page is left, reloaded or closed right after it starts (the
   * browser's keepalive fetch).
   */
  readonly outlivesPage?: boolean;
  /** The answer's `data` as the app reads it (see {@link AnswerSchema}). */
  readonly answer: AnswerSchema<Data>;
  /**
   * The refusals (ret codes) the callers handle themselves: ApiClient shows no toast for them and throws them as an
   * {@link ApiRefusal} of these codes (api-error.ts).
   */
  readonly refusals?: readonly Refusal[];
  readonly [answers]?: Data;
}

interface Declaration<S extends Fields, Refusal extends number> {
  method: 'GET' | 'POST';
  path: string;
  carrier: Carrier;
  params: S;
  outlivesPage?: true;
  refusals?: readonly Refusal[];
}

/**
 * Declares a call: `call({ method: 'GET', path: '/api/…', carrier: 'query', params: {…}, answer: v.object({…}) })`,
 * `Data` the answer schema's output (wire.none for a call whose data is not read).
 */
export function call<const S extends Fields, const A extends AnswerSchema, const R extends number = never>(
  declaration: Declaration<S, R> & { answer: A },
): Call<S, InferOutput<A>, R> {
  return declaration as Call<S, InferOutput<A>, R>;
}

/**
 * The wire form of a call's parameters: lists joined with commas, JSON fields as JSON text, absent optional ones left
 * out (sent empty when the field takes empty as none: `emptyIsNone`).
 */
export function encodeParams<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>): HttpParams {
  const wire: HttpParams = {};
  const given = input as Record<string, unknown>;
  for (const [name, field] of Object.entries(declared.params)) {
    const value = given[name];
    if (value === undefined) {
      if ((field.kind === 'int' || field.kind === 'id') && field.emptyIsNone === true) wire[name] = '';
      continue;
    }
    if (field.kind === 'json') {
      if (value !== null) wire[name] = JSON.stringify(value);
    } else wire[name] = Array.isArray(value) ? value.join(',') : (value as string | number);
  }
  return wire;
}

/** The fields of a form call that travel in the query string ({@link TextField.inQuery}); none for a query call. */
export function queryCarriedFields(declared: Call<Fields, unknown>): string[] {
  if (declared.carrier !== 'form') return [];
  return Object.entries(declared.params).flatMap(([name, field]) => (field.kind === 'text' && field.inQuery === true ? [name] : []));
}
