/**
 * Outcomes as values, and copies without some keys: the shapes the shared client uses where it would
 * otherwise re-throw from a `catch` or destructure into unused names. The n8n package's own repository
 * carries these sources, and n8n's community-node lint (`n8n-node lint`) reads every .ts there with
 * its node rules: `require-node-api-error` flags any `throw` inside a `catch` clause, and
 * typescript-eslint's `no-unused-vars` flags rest-destructuring's dropped names. The n8n adapter still
 * turns every error the client throws into n8n's own (n8n/nodes/common/transport/errors.ts).
 */

/** How a call ended: its value, or what it threw. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Waits for `promise` and returns how it ended; never rejects. */
export function settle<T>(promise: Promise<T>): Promise<Outcome<T>> {
  return promise.then(
    (value): Outcome<T> => ({ ok: true, value }),
    (error: unknown): Outcome<T> => ({ ok: false, error }),
  );
}

/** A shallow copy of `record` without `keys`, the other keys in their order. */
export function omit<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Omit<T, K> {
  const dropped = new Set<PropertyKey>(keys);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !dropped.has(key))) as Omit<T, K>;
}
