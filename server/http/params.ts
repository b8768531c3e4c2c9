import { ApiError, badParam, missingParam } from './api-error.ts';
import { Ret, RetMessage } from './ret.ts';

/** A JSON object (not an array or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The request's parameters: the query string and the body (form or JSON) merged, the body
 * winning. Empty strings count as absent.
 */
/** The largest value of a PostgreSQL integer (serial) column: row ids of users, packages, articles… */
export const MAX_ROW_ID = 2_147_483_647;

/** The longest media key a video can have (catalogue keys are short slugs). */
export const MAX_MEDIA_KEY_LENGTH = 64;

export class Params {
  private readonly values: ReadonlyMap<string, unknown>;

  constructor(values: Iterable<readonly [string, unknown]>) {
    this.values = new Map(values);
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
    const value = this.values.get(name);
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

  /** A whole number, or undefined when absent; 1002 when not a safe integer. */
  optionalInt(name: string): number | undefined {
    const text = this.optionalString(name);
    if (text === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(text.trim())) throw badParam(name);
    return Number(text.trim());
  }

  int(name: string): number {
    const value = this.optionalInt(name);
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
    const value = this.optionalInt(name);
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
