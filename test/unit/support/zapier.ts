/**
 * Fixtures for the Zapier app's unit tests: one fake store behind nock (importing this kit sets up the
 * nock lifecycle of `./nock.ts`), the app tester, error readers.
 */
import http from 'node:http';
import https from 'node:https';
import nock from 'nock';
import * as core from 'zapier-platform-core';
import { createAppTester } from 'zapier-platform-core';
import App from '../../../zapier/src';
import { type ZapierFailure, zapierFailure } from './failure';
import { useNock } from './nock';
export {
  SEARCH_PERFORMS,
  type SearchKey,
  hookOf,
  plainInputs,
  plainOutputs,
  searchModules,
  searchPerform,
} from './zapierPerforms';

import { HOST, KEY, ORIGIN, ROOT } from './constants';
import { loadFresh } from './freshProcess';

export { KEY, ORIGIN, ROOT } from './constants';
export const AUTH = { storeUrl: HOST, apiKey: KEY, apiRoot: ROOT };
export const HOOK_URL = 'https://hooks.zapier.com/hooks/standard/123/abc/';

export const appTester = createAppTester(App);

/** A search run by the app as a fresh process loads it: nothing kept of the store's site. */
export function searchInFreshProcess(
  key: keyof typeof App.searches,
  bundle: Parameters<typeof appTester>[1],
): Promise<unknown[]> {
  const FreshApp = loadFresh(() => (require('../../../zapier/src') as { default: typeof App }).default);
  const perform = FreshApp.searches[key]?.operation.perform as (
    z: core.ZObject,
    bundle: core.Bundle,
  ) => Promise<unknown[]>;
  return createAppTester(FreshApp)(perform, bundle);
}

export const TRIGGERS = App.triggers;
export const SEARCHES = App.searches;

export function trigger(key: string): (typeof TRIGGERS)[string] {
  const found = TRIGGERS[key];
  if (!found) throw new Error(`no trigger ${key}`);
  return found;
}

/** nock on the store, API root included in paths given to it. */
export function store(): nock.Scope {
  return nock(ORIGIN);
}

/** What a nock interceptor saw: query parsed, body parsed as JSON when there was one. */
export interface Seen {
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export function seenRequest(uri: string, body: unknown, headers: Record<string, string | string[] | undefined>): Seen {
  const url = new URL(uri, ORIGIN);
  const parsed = typeof body === 'string' && body ? (JSON.parse(body) as unknown) : body;
  return {
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: parsed === '' ? undefined : parsed,
    headers,
  };
}

/**
 * The store answers `method` on `path` (below the API root, any query) with `status`, `body` and
 * `headers`, `times` times, and records each request it answers in `seen`.
 */
export function onStore(
  method: 'post' | 'get',
  path: string,
  seen: Seen[],
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  times = 1,
): void {
  store()
    [method](`${ROOT}/${path}`)
    .query(true)
    .times(times)
    .reply(function (uri, requestBody) {
      seen.push(seenRequest(uri, requestBody, this.req.headers));
      return [status, body as Record<string, unknown>, headers];
    });
}

/** The Zapier error a call rejects with, its JSON message read; the test fails if it shows the key. */
export const failure = (call: Promise<unknown>): Promise<ZapierFailure> => zapierFailure(call, KEY);

export { keyRefused, wpError } from './wordpress';

/** Core's handler factory, in its JavaScript but not in its types. */
type AppHandler = (
  event: { command: string; bundle: Record<string, unknown> },
  context: Record<string, unknown>,
  callback: (error: unknown, result: unknown) => void,
) => void;
const { createAppHandler } = core as unknown as { createAppHandler: (app: unknown) => AppHandler };

/** Calls the app's handler as Zapier's runtime does, with one command (`getAuthTemplate`, `validate`, …). */
export function appCommand(name: string, bundle: Record<string, unknown> = {}, app: unknown = App): Promise<unknown> {
  const handler = createAppHandler(app);
  return new Promise((resolve, reject) => {
    handler({ command: name, bundle }, {}, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
}

/** A local port nothing listens on: a real "connection refused" (nock's replyWithError never reaches node-fetch). */
const UNREACHABLE_HOST = '127.0.0.1:1';
export const UNREACHABLE = `http://${UNREACHABLE_HOST}`;

// Every Zapier suite gets the one nock lifecycle; the refused port is the only real address reachable.
useNock({ allowHosts: [UNREACHABLE_HOST] });

/**
 * The app tester wraps http(s).request once per process and marks the module `patchedByZapier`; jest
 * shares Node's core modules between the test files of a worker. Undo the mark after each file so the
 * next one starts from Node's own http (nock's own clean-up is `../support/nock.ts`).
 */
afterAll(() => {
  for (const module of [http, https] as unknown as Record<string, unknown>[]) delete module.patchedByZapier;
});
