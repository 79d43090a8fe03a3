/**
 * A module as a fresh process loads it: its own copy of everything it imports. Each adapter makes its
 * memory of the stores' sites when its module is loaded (zapier/src/platform.ts,
 * n8n/nodes/common/transport/index.ts), so what runs through a fresh copy starts with nothing kept.
 */
export function loadFresh<T>(load: () => T): T {
  let loaded: T | undefined;
  jest.isolateModules(() => {
    loaded = load();
  });
  return loaded as T;
}
