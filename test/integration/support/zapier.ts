/**
 * The Zapier app against the sandbox over real HTTP. The app tester replaces http(s).request for the
 * whole process on its first call (toolchain notes); every call here puts Node's own functions back
 * afterwards, so the sandbox's deliveries and the catcher below never go through Zapier's wrapper.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { type Bundle, type ZObject, createAppTester } from 'zapier-platform-core';
import App from '../../../zapier/src';
import { type Sandbox, type SandboxProfile, type SandboxOptions, startSandbox } from '../../../sandbox';
import type { CommerceServiceClient } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';

type Patched = Record<string, unknown> & { request: unknown; get: unknown };
const MODULES = [http, https] as unknown as Patched[];
const ORIGINALS = MODULES.map((module) => ({ request: module.request, get: module.get }));

function restoreHttp(): void {
  MODULES.forEach((module, i) => {
    module.request = ORIGINALS[i]?.request;
    module.get = ORIGINALS[i]?.get;
    delete module.patchedByZapier;
  });
}

const tester = createAppTester(App);

/** A bundle as a test gives it: any part of the one Zapier builds. */
export type TestBundle = Parameters<typeof tester>[1];

/** Runs one app method like Zapier would, then restores Node's http. */
export async function run<T>(method: (z: ZObject, bundle: Bundle) => T | Promise<T>, bundle: TestBundle): Promise<T> {
  try {
    return await tester(method, bundle);
  } finally {
    restoreHttp();
  }
}

export function authFor(sandbox: Sandbox, apiKey = sandbox.apiKey): Record<string, string> {
  return { storeUrl: sandbox.url, apiKey, apiRoot: sandbox.apiRoot };
}

/** What Zapier's hook endpoint received: the raw request and its JSON body. */
interface Caught {
  method: string;
  headers: http.IncomingHttpHeaders;
  content: string;
  body: unknown;
}

/** A local stand-in for hooks.zapier.com: records every POST and answers 200 like Zapier does. */
export interface Catcher {
  url: string;
  caught: Caught[];
  /** Resolves once `count` deliveries in all have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Caught[]>;
  close(): Promise<void>;
}

export async function startCatcher(): Promise<Catcher> {
  const caught: Caught[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const content = Buffer.concat(chunks).toString('utf8');
      let body: unknown = content;
      try {
        body = JSON.parse(content) as unknown;
      } catch {
        body = content;
      }
      caught.push({ method: req.method ?? '', headers: req.headers, content, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"success"}');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/catch/1/abc/`,
    caught,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (caught.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} deliveries, got ${caught.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return caught.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sandbox's own HTTP admin API, read with Node's http (never through Zapier's wrapper). */
export function adminGet<T>(sandbox: Sandbox, path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, sandbox.url);
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export { SEARCH_PERFORMS, hookByTriggerKey } from '../../unit/support/zapierPerforms';
export { testConnection } from '../../../zapier/src/authentication';
export { listPlans } from '../../../zapier/src/triggers/plans';
export { listProducts } from '../../../zapier/src/triggers/products';

/** The Zapier error a call rejects with, its JSON message read (`../../unit/support/failure.ts`). */
export { zapierFailure } from '../../unit/support/failure';

/** A POST to the sandbox's admin API with a JSON body, read with Node's http. */
export function adminPost<T>(sandbox: Sandbox, path: string, body: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, sandbox.url);
    const data = Buffer.from(JSON.stringify(body));
    const headers = { 'content-type': 'application/json', 'content-length': String(data.length) };
    const req = http.request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 0) >= 400) return reject(new Error(`POST ${path}: HTTP ${res.statusCode} ${text}`));
          try {
            resolve(JSON.parse(text) as T);
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** A sandbox store, the connections to it, and a stand-in for a hook URL. */
export interface SandboxWithCatcher {
  readonly sandbox: Sandbox;
  readonly catcher: Catcher;
  /** The Zapier `authData` for the sandbox, which are also n8n's credentials for it. */
  readonly auth: Record<string, string>;
  /** The shared client on the sandbox, over Node's own http. */
  readonly client: CommerceServiceClient;
}

/**
 * A sandbox of `profile` (quiet) and a catcher for the enclosing describe block: started before its
 * tests, both emptied before each (the store's seed back, no delivery caught), closed after.
 */
export function useSandboxWithCatcher(
  profile: SandboxProfile,
  options: Pick<SandboxOptions, 'apiKey' | 'size' | 'seed'> = {},
): SandboxWithCatcher {
  let started: SandboxWithCatcher | undefined;
  const live = (): SandboxWithCatcher => {
    if (!started) throw new Error('the sandbox is used before its beforeAll ran');
    return started;
  };
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, profile, quiet: true, ...options });
    const client = createClient({
      settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey },
      transport: nodeTransport,
    });
    started = { sandbox, catcher: await startCatcher(), auth: authFor(sandbox), client };
  });
  afterAll(async () => {
    await started?.catcher.close();
    await started?.sandbox.close();
  });
  beforeEach(() => {
    live().sandbox.reset();
    live().catcher.caught.length = 0;
  });
  return {
    get sandbox() {
      return live().sandbox;
    },
    get catcher() {
      return live().catcher;
    },
    get auth() {
      return live().auth;
    },
    get client() {
      return live().client;
    },
  };
}
