/**
 * Copies without some keys. The n8n package's own repository carries these sources, and its lint
 * (`n8n-node lint`) runs typescript-eslint's `no-unused-vars`, which flags the names rest-destructuring
 * drops (ARCHITECTURE.md, "Shared code reads as n8n's lint asks").
 */

/** A shallow copy of `record` without `keys`, the other keys in their order. */
export function omit<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Omit<T, K> {
  const dropped = new Set<PropertyKey>(keys);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !dropped.has(key))) as Omit<T, K>;
}
