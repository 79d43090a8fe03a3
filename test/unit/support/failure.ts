/**
 * What a failing call threw, for the test to assert on. Each reader fails the test when the call
 * succeeds instead; given error classes, an error of any other class is re-thrown as it is (a bug,
 * not the failure the test expects).
 */
type ErrorClass<E> = abstract new (...args: never[]) => E;

function expected<E>(error: unknown, kinds: ErrorClass<E>[]): E {
  if (kinds.length === 0 || kinds.some((kind) => error instanceof kind)) return error as E;
  throw error;
}

/** The error a promise (or an async call) rejects with. */
export async function failure<E = Error>(
  call: Promise<unknown> | (() => Promise<unknown>),
  ...kinds: ErrorClass<E>[]
): Promise<E> {
  try {
    await (typeof call === 'function' ? call() : call);
  } catch (error) {
    return expected(error, kinds);
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** The error a function throws synchronously. */
export function thrown<E = Error>(call: () => unknown, ...kinds: ErrorClass<E>[]): E {
  try {
    call();
  } catch (error) {
    return expected(error, kinds);
  }
  throw new Error('expected the call to throw, but it returned');
}

/** A Zapier error as the platform serialises it: `z.errors.Error` puts JSON in `message`. */
export interface ZapierFailure {
  name: string;
  message: string;
  /** `message` of a `z.errors.Error` / `ThrottledError`, else the raw message. */
  text: string;
  code?: string;
  status?: number;
  delay?: number | null;
}

/**
 * The error a Zapier app call rejects with, its JSON message read. Given the connection's key, the
 * test also fails when the message shows it.
 */
export async function zapierFailure(call: Promise<unknown>, secret?: string): Promise<ZapierFailure> {
  const { name, message } = await failure(call);
  if (secret !== undefined) expect(message).not.toContain(secret);
  let parsed: { message?: string; code?: string; status?: number; delay?: number | null } = {};
  try {
    parsed = JSON.parse(message) as typeof parsed;
  } catch {
    parsed = {};
  }
  return {
    name,
    message,
    text: parsed.message ?? message,
    ...(parsed.code !== undefined ? { code: parsed.code } : {}),
    ...(parsed.status !== undefined ? { status: parsed.status } : {}),
    ...('delay' in parsed ? { delay: parsed.delay } : {}),
  };
}
