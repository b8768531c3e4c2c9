/** Randomness, so the core stays deterministic under test. */
export interface Random {
  /** A random RFC 4122 version 4 UUID. */
  uuid(): string;
}
export const Random = Symbol('Random');
