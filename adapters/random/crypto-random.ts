import type { Random } from '../../src/core/ports/random.ts';

/** The parts of Web Crypto the random source uses (randomUUID exists only in secure contexts). */
export type CryptoLike = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/** Random v4 UUIDs from Web Crypto. */
export class CryptoRandom implements Random {
  constructor(private readonly source: CryptoLike = globalThis.crypto) {}

  uuid(): string {
    if (typeof this.source.randomUUID === 'function') return this.source.randomUUID();
    const bytes = this.source.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}
