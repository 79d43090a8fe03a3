/**
 * The integration kit's one way to have a sandbox store: started on a free port before the suite (or
 * the `describe` it is called in), put back after each test (`reset`, or what `afterEachTest` says),
 * closed after the suite. The handle is usable inside hooks and tests, once the store has started.
 */
import { type Sandbox, type SandboxOptions, startSandbox } from '../../../sandbox';

export interface UseSandboxOptions extends SandboxOptions {
  /** What puts the store back after each test; default `reset()` (hooks, deliveries, faults, data). */
  afterEachTest?: (sandbox: Sandbox) => void;
}

export function useSandbox(options: UseSandboxOptions = {}): Sandbox {
  const { afterEachTest = (started) => started.reset(), ...start } = options;
  let started: Sandbox | undefined;
  const current = (): Sandbox => {
    if (!started) throw new Error('the sandbox is used before its suite started it (use it inside a hook or a test)');
    return started;
  };
  beforeAll(async () => {
    started = await startSandbox({ port: 0, ...start });
  });
  afterEach(() => afterEachTest(current()));
  afterAll(() => started?.close());
  // A stand-in until beforeAll has run: every property is read from the started store.
  return new Proxy({} as Sandbox, {
    get: (_target, property) => {
      const value: unknown = Reflect.get(current(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current()) : value;
    },
  });
}
