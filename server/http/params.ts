import { ApiError, badParam, missingParam } from './api-error.ts';
import { Ret, RetMessage, badParamMessage } from './ret.ts';

/** A JSON object (not an array or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The smallest and largest values of a PostgreSQL integer column (int4). */
const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;

/**
 * The largest value of a PostgreSQL integer (serial) column: row ids of users, packages, articles…
 * @alias of PG_INT_MAX, named for what it bounds.
 */
export const MAX_ROW_ID = PG_INT_MAX;

/** The longest media key a video can have (catalogue keys are short slugs). */
const MAX_MEDIA_KEY_LENGTH = 64;

/** `参数格式错误：<name>含有非法字符` (a NUL character, which no database text column holds). */
export function illegalCharacterMessage(name: string): string {
  return `${badParamMessage(name)}含有非法字符`;
}

/** `参数格式错误：<name>超出范围` (a whole number beyond what its column or use allows). */
function outOfRangeMessage(name: string): string {
  return `${badParamMessage(name)}超出范围`;
}

/** Whether text holds a NUL character (PostgreSQL refuses it in text; it is never meaningful input). */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A param name fit for a message: control characters dropped, at most 16 characters. */
function displayName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = [...name.replace(/[\u0000-\u001f\u007f]/g, '')].slice(0, 16).join('');
  return clean === '' ? '参数名' : clean;
}

/**
 * The first string (value or object key, at any depth) holding NUL, as the name of the top-level param it
 * belongs to; undefined when there is none. Iterative, so any nesting depth JSON.parse accepted is fine.
 */
export function findNul(entries: Iterable<readonly [string, unknown]>): string | undefined {
  for (const [name, value] of entries) {
    if (hasNul(name)) return '参数名';
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const item = pending.pop();
      if (typeof item === 'string') {
        if (hasNul(item)) return displayName(name);
      } else if (Array.isArray(item)) {
        // One by one: spreading a huge array (a 1 MB JSON body holds 500 000 elements) would overflow the stack.
        for (const inner of item as unknown[]) pending.push(inner);
      } else if (isPlainObject(item)) {
        for (const [key, inner] of Object.entries(item)) {
          if (hasNul(key)) return displayName(name);
          pending.push(inner);
        }
      }
    }
  }
  return undefined;
}

/**
 * The request's parameters: the query string and the body (form, JSON or multipart fields) merged, the
 * body winning. Empty strings count as absent.
 *
 * Bad input never reaches the database: a NUL character in any value or key, at any depth, refuses the whole
 * request with 1002 `参数格式错误：<name>含有非法字符` (checked when the Params are made, so every route is
 * covered whatever it reads), and `int`/`optionalInt` refuse whole numbers beyond a PostgreSQL integer column
 * (−2^31…2^31−1) with 1002 `参数格式错误：<name>超出范围`; `safeInt` takes the wider ones (bigint columns,
 * milliseconds, bytes). Every accessor reads through `has` and `get`.
 */
export class Params {
  private readonly values: ReadonlyMap<string, unknown>;

  /** Throws ApiError 1002 (含有非法字符) when a value or key holds NUL. */
  constructor(values: Iterable<readonly [string, unknown]>) {
    const map = new Map(values);
    const nulIn = findNul(map);
    if (nulIn !== undefined) throw badParam(nulIn, illegalCharacterMessage(nulIn));
    this.values = map;
  }

  static fromRequest(query: unknown, body: unknown): Params {
    if (body !== undefined && body !== null && body !== '' && !isPlainObject(body)) {
      throw new ApiError(Ret.BadParam, RetMessage.BadRequest);
    }
    const entries: [string, unknown][] = [];
    if (isPlainObject(query)) entries.push(...Object.entries(query));
    if (isPlainObject(body)) entries.push(...Object.entries(body));
    return new Params(entries);
  }

  /** The raw value (string, array for repeated keys, or any JSON value). */
  get(name: string): unknown {
    return this.values.get(name);
  }

  has(name: string): boolean {
    const value = this.values.get(name);
    return value !== undefined && value !== null && value !== '';
  }

  /** A string, or undefined when absent; numbers and booleans (JSON) are accepted as text. */
  optionalString(name: string): string | undefined {
    if (!this.has(name)) return undefined;
    const value = this.get(name);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    throw badParam(name);
  }

  /** A required string: 1001 when absent, 1002 when not text. */
  string(name: string): string {
    const value = this.optionalString(name);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  /**
   * A whole number that fits a PostgreSQL integer column (−2^31…2^31−1), or undefined when absent: 1002
   * 参数格式错误：<name> when not a whole number, 参数格式错误：<name>超出范围 beyond the column's range.
   * Use `optionalSafeInt` for values kept in bigint columns or counting milliseconds or bytes.
   */
  optionalInt(name: string): number | undefined {
    const value = this.optionalSafeInt(name);
    if (value !== undefined && (value < PG_INT_MIN || value > PG_INT_MAX)) throw badParam(name, outOfRangeMessage(name));
    return value;
  }

  /** A required `optionalInt`: 1001 when absent. */
  int(name: string): number {
    const value = this.optionalInt(name);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  /**
   * A whole number up to 15 digits (within Number.MAX_SAFE_INTEGER), or undefined when absent: for the few params
   * kept in bigint columns or counting milliseconds or bytes (a file's size, a bigserial message id). The caller
   * checks the range its use needs.
   */
  optionalSafeInt(name: string): number | undefined {
    const text = this.optionalString(name);
    if (text === undefined) return undefined;
    const trimmed = text.trim();
    if (/^-?\d{16,}$/.test(trimmed)) throw badParam(name, outOfRangeMessage(name));
    if (!/^-?\d{1,15}$/.test(trimmed)) throw badParam(name);
    return Number(trimmed);
  }

  /** A required `optionalSafeInt`: 1001 when absent. */
  safeInt(name: string): number {
    const value = this.optionalSafeInt(name);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  /** A required media key (a video's key): 1001 when absent, 1002 when longer than MAX_MEDIA_KEY_LENGTH. */
  mediaKey(name = 'mediaKey'): string {
    const key = this.string(name);
    if (key.length > MAX_MEDIA_KEY_LENGTH) throw badParam(name);
    return key;
  }

  /**
   * A required id: a whole number from 1 to `max` (default: the largest value of an integer column, so an
   * id no row can have is refused with 1002 instead of reaching the database). 1001 when absent.
   */
  id(name: string, max: number = MAX_ROW_ID): number {
    const value = this.optionalId(name, max);
    if (value === undefined) throw missingParam(name);
    return value;
  }

  /** An optional id, checked like `id`. */
  optionalId(name: string, max: number = MAX_ROW_ID): number | undefined {
    const value = max > MAX_ROW_ID ? this.optionalSafeInt(name) : this.optionalInt(name);
    if (value !== undefined && (value < 1 || value > max)) throw badParam(name);
    return value;
  }

  /** `pageSize` (1 to limits.maxPageSize, default limits.defaultPageSize; 1002 每页数量为1-N otherwise). */
  pageSize(limits: PageLimits): number {
    const pageSize = this.optionalInt('pageSize') ?? limits.defaultPageSize;
    if (pageSize < 1 || pageSize > limits.maxPageSize) throw badParam('pageSize', `每页数量为1-${limits.maxPageSize}`);
    return pageSize;
  }

  /** `page` (1 to limits.maxPage, default 1) and `pageSize`, as every paged list takes them. */
  paging(limits: PageLimits): Paging {
    const page = this.optionalInt('page') ?? 1;
    if (page < 1 || page > limits.maxPage) throw badParam('page');
    return { page, pageSize: this.pageSize(limits) };
  }
}

export interface PageLimits {
  defaultPageSize: number;
  maxPageSize: number;
  maxPage: number;
}

export interface Paging {
  page: number;
  pageSize: number;
}
