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

  private constructor(digested: Buffer) {
    this.#digest = digested;
  }

  /** The proof a delivered `studiocart_secret` value gives. */
  static of(value: string): OriginSecret {
    return new OriginSecret(digest(value));
  }

  /**
   * The proof again from `carried()`, for a platform that keeps a delivery in its own storage between
   * answering the store and checking it (n8n's queue). Undefined for anything but a SHA-256 digest in hex.
   */
  static fromCarried(carried: string): OriginSecret | undefined {
    return /^[0-9a-f]{64}$/.test(carried) ? new OriginSecret(Buffer.from(carried, 'hex')) : undefined;
  }

  /** The digest in hex: what may be stored with the delivery. It never gives the key back. */
  carried(): string {
    return this.#digest.toString('hex');
  }

  /** Constant time: both sides are hashed to equal-length digests, then compared with timingSafeEqual. */
  matches(apiKey: string): boolean {
    return timingSafeEqual(this.#digest, digest(apiKey));
  }

  /**
   * The same comparison against a key's digest kept earlier (`digestOfKey`), for a check that may not
   * read the credential: a webhook trigger's `webhook()` before the answer. Constant time.
   */
  matchesDigest(keptDigest: string): boolean {
    const kept = OriginSecret.fromCarried(keptDigest);
    return kept !== undefined && timingSafeEqual(this.#digest, kept.#digest);
  }

  /** What to keep of an API key to check later deliveries against it without the key: its digest in hex. */
  static digestOfKey(apiKey: string): string {
    return digest(apiKey).toString('hex');
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
