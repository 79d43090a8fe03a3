/**
 * Node's http and https modules are shared by every test file of a jest worker, while each file loads
 * its own nock, and Zapier's app tester wraps `request`/`get` process-wide. Whatever a file patched is
 * put back after it, so the next file starts from Node's own functions (patches left behind stack up:
 * a nock reply error then surfaces as an unhandled socket error in an unrelated file).
 */

type Patchable = Record<string | symbol, unknown>;
const PRISTINE = Symbol.for('commerce-service.pristine-http');
const FIELDS = ['request', 'get', 'ClientRequest', 'globalAgent'] as const;

function remember(module: Patchable): Record<string, unknown> {
  // The first test file of a worker sees the untouched module: keep its functions on the module itself.
  module[PRISTINE] ??= Object.fromEntries(FIELDS.map((name) => [name, module[name]]));
  return module[PRISTINE] as Record<string, unknown>;
}

// The modules themselves (an `import *` namespace has read-only getters).
const modules = [require('node:http'), require('node:https')] as Patchable[];
const originals = modules.map(remember);

afterAll(() => {
  modules.forEach((module, index) => {
    for (const name of FIELDS) module[name] = originals[index]?.[name];
    delete module.patchedByZapier;
  });
});
