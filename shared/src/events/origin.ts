import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Stores on older plugin versions put the store's API key itself into every delivery, as
 * `studiocart_secret` (docs/verification.md). The field must never travel on: the parser takes it out of
 * each record before anything else reads the record, and keeps only a digest of it as proof of origin.
 */
const ORIGIN_SECRET_FIELD = 'studiocart_secret';

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

/**
 * Splits a raw delivered record into the record without the secret field (any letter case) and the proof
 * it carried. An empty value proves nothing and counts as absent.
 */
export function takeOriginSecret(raw: Record<string, unknown>): {
  raw: Record<string, unknown>;
  secret?: OriginSecret;
} {
  let value: string | undefined;
  const rest: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(raw)) {
    if (key.toLowerCase() === ORIGIN_SECRET_FIELD) {
      if (typeof field === 'string' || typeof field === 'number') value = String(field).trim();
      continue;
    }
    rest[key] = field;
  }
  return value ? { raw: rest, secret: new OriginSecret(value) } : { raw: rest };
}

/** `absent`: the delivery carried no secret; `match`: it carried the credential's key; `mismatch`: another value. */
type OriginCheck = 'absent' | 'match' | 'mismatch';

export function checkOrigin(secret: OriginSecret | undefined, apiKey: string): OriginCheck {
  if (!secret) return 'absent';
  return secret.matches(apiKey) ? 'match' : 'mismatch';
}
