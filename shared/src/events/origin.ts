import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Stores on older plugin versions put the store's API key itself into every delivery, as
 * `studiocart_secret` (docs/verification.md). The field must never travel on: the parser (`parse.ts`)
 * takes it out of each record before anything else reads the record, and keeps only a digest of it as
 * proof of origin.
 */
const INSPECT = Symbol.for('nodejs.util.inspect.custom');

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * What a delivery's `studiocart_secret` proves, without the value: only its SHA-256 digest is kept, and
 * printing, JSON or string conversion never show more than a placeholder.
 */
export class OriginSecret {
  readonly #digest: Buffer;

  constructor(value: string) {
    this.#digest = digest(value);
  }

  /** Constant time: both sides are hashed to equal-length digests, then compared with timingSafeEqual. */
  matches(apiKey: string): boolean {
    return timingSafeEqual(this.#digest, digest(apiKey));
  }

  toJSON(): string {
    return '[redacted]';
  }

  toString(): string {
    return '[redacted]';
  }

  [INSPECT](): string {
    return 'OriginSecret [redacted]';
  }
}
