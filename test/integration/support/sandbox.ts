/**
 * The integration kit's one way to have a sandbox store: started on a free port before the suite (or
 * the `describe` it is called in), put back after each test (`reset`, or what `afterEachTest` says),
 * closed after the suite. The handle is usable inside hooks and tests, once the store has started.
 */
import { type Sandbox, type SandboxOptions, startSandbox } from '../../../sandbox';
import { StoreClient } from './httpClient';
import { type Receiver, startReceiver } from './receiver';

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
  return lateHandle(current);
}

/** `useSandbox`, and a `StoreClient` on it with the store's key (the sandbox suites' raw HTTP). */
export function useSandboxStore(options: UseSandboxOptions = {}): { sandbox: Sandbox; store: StoreClient } {
  const sandbox = useSandbox(options);
  let client: StoreClient | undefined;
  const store = lateHandle(() => (client ??= new StoreClient(sandbox.url, sandbox.apiKey)));
  return { sandbox, store };
}

/** A stand-in for hook URLs, started before the suite, emptied before each test, closed after it. */
export function useReceiver(): Receiver {
  let started: Receiver | undefined;
  const current = (): Receiver => {
    if (!started) throw new Error('the receiver is used before its suite started it');
    return started;
  };
  beforeAll(async () => {
    started = await startReceiver();
  });
  beforeEach(() => {
    const receiver = current();
    receiver.received.length = 0;
    receiver.status = 200;
    receiver.silent = false;
  });
  afterAll(() => started?.close());
  return lateHandle(current);
}

/** A stand-in for what a hook starts: every property is read from `current()` when used. */
function lateHandle<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      const value: unknown = Reflect.get(current(), property);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current()) : value;
    },
    set: (_target, property, value) => Reflect.set(current(), property, value),
  });
}
