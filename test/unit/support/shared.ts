/** Small fixtures shared by the unit tests of `shared/src`; importing them sets up the nock lifecycle. */
import nock from 'nock';
import {
  type ClientOptions,
  type CommerceServiceClient,
  type CommerceServiceError,
  type HttpRequest,
  type HttpResponse,
  type SiteZone,
  type StoreSettings,
  type Transport,
} from '@commerce-service/shared';
import { nodeTransport } from '../../../scripts/kit/nodeTransport';
import { createClient } from '../../../scripts/kit/client';

import { failure as failureOf, thrown as thrownBy } from './failure';
import { useNock } from './nock';

import { HOST, KEY, ORIGIN } from './constants';

export { HOST, KEY, ORIGIN, ROOT } from './constants';

/** Connection settings as a user would type them; defaults to `shop.example.com` with the fake key. */

export function storeFor(overrides: Partial<StoreSettings> = {}): StoreSettings {
  return { storeUrl: HOST, apiKey: KEY, ...overrides };
}

/**
 * A site zone already known to a client: no REST index read (docs/dates.md). For tests about something
 * else than dates that count or match every request.
 */
export const UTC_ZONE: SiteZone = { kind: 'named', name: 'UTC' };

/** A client over Node's http(s) (intercepted by nock). */
export function clientFor(
  overrides: Partial<StoreSettings> = {},
  options: Partial<Omit<ClientOptions, 'settings'>> = {},
): CommerceServiceClient {
  return createClient({ settings: storeFor(overrides), transport: nodeTransport, ...options });
}

/** nock scope on the default store. */
export function store(origin = ORIGIN): nock.Scope {
  return nock(origin);
}

/** What a nock interceptor saw of one request. */
export interface Seen {
  method: string;
  /** Path and query string as sent. */
  path: string;
  pathname: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The raw request body ('' when none was sent). */
  rawBody: string;
}

/**
 * A nock reply function that records the request and answers `status`/`body`/`headers`.
 * Use as `.reply(recorder.reply(200, [...]))`; read `recorder.seen` afterwards.
 */
export function recorder(): {
  seen: Seen[];
  reply: (
    status: number,
    body?: unknown,
    headers?: Record<string, string>,
  ) => (this: nock.ReplyFnContext, uri: string, body: nock.Body) => [number, string, Record<string, string>];
  last: () => Seen;
} {
  const seen: Seen[] = [];
  return {
    seen,
    last: () => {
      const one = seen[seen.length - 1];
      if (!one) throw new Error('no request was recorded');
      return one;
    },
    reply: (status, body = '', headers = {}) =>
      function (this: nock.ReplyFnContext, uri: string, requestBody: nock.Body) {
        const url = new URL(uri, ORIGIN);
        const rawHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(this.req.headers)) rawHeaders[name.toLowerCase()] = String(value);
        seen.push({
          method: this.req.method ?? '',
          path: uri,
          pathname: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: rawHeaders,
          rawBody: typeof requestBody === 'string' ? requestBody : JSON.stringify(requestBody),
        });
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        const contentType = typeof body === 'string' ? 'text/plain' : 'application/json; charset=UTF-8';
        return [status, text, { 'content-type': contentType, ...headers }];
      },
  };
}

/** A transport stub that records requests and answers from a queue (or a function). */
export function stubTransport(
  answers: HttpResponse[] | ((request: HttpRequest) => HttpResponse | Promise<HttpResponse>),
  sendsGetBody = false,
): Transport & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  const queue = Array.isArray(answers) ? [...answers] : undefined;
  return {
    requests,
    sendsGetBody,
    async send(request) {
      requests.push(request);
      if (queue) {
        const next = queue.shift();
        if (!next) throw new Error('stub transport: no answer queued');
        return next;
      }
      return (answers as (request: HttpRequest) => HttpResponse | Promise<HttpResponse>)(request);
    },
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers, body };
}

/** The error a promise rejects with, or a function throws (each fails the test when the call succeeds). */
export const failure = failureOf<CommerceServiceError>;
export const thrown = thrownBy<CommerceServiceError>;

/** The key must not appear anywhere a user, a log or an execution record can see. */
export function expectNoSecret(error: unknown, secret = KEY): void {
  const err = error as Error & { toJSON?: () => unknown };
  expect(err.message).not.toContain(secret);
  expect(String(err)).not.toContain(secret);
  expect(JSON.stringify(err)).not.toContain(secret);
  if (typeof err.toJSON === 'function') expect(JSON.stringify(err.toJSON())).not.toContain(secret);
  expect(String(err.stack ?? '')).not.toContain(secret);
  // Every field a platform may show or log (`happened`, `hint`, `serviceMessage`, `location`, …), and the cause's.
  for (const name of Object.getOwnPropertyNames(err)) {
    const value: unknown = (err as unknown as Record<string, unknown>)[name];
    if (typeof value === 'string') expect(`${name}: ${value}`).not.toContain(secret);
  }
  if (err.cause !== undefined) expectNoSecret(err.cause, secret);
}

/**
 * The Node transport, recording each request it is handed. nock 14 reads a GET body from the socket only
 * while no older nock copy patches `http` in the same jest worker, so GET bodies are asserted here (and
 * by the content-length that reached nock) rather than through nock's parsed body.
 */
export function spyTransport(sendsGetBody = true): Transport & { requests: HttpRequest[] } {
  const requests: HttpRequest[] = [];
  return {
    requests,
    sendsGetBody,
    send(request) {
      requests.push(request);
      return nodeTransport.send(request);
    },
  };
}

// Every suite of the shared client gets the one nock lifecycle (`./nock.ts`): no real network.
useNock();
