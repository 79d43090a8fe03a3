import type { HttpRequestOptions, ZObject } from 'zapier-platform-core';
import {
  type AuthStyle,
  type HttpRequest,
  type HttpResponse,
  type Transport,
  describeTransportFailure,
  placeKey,
  urlWithQuery,
} from '@commerce-service/shared';
import { AUTH_OPTION } from './apiKey';

/**
 * `z.request` options this app relies on: `throwForThrottlingEarly` is missing from core's types;
 * `AUTH_OPTION` is read (and removed) by the app's `beforeRequest` (`apiKey.ts`).
 */
type RequestOptions = HttpRequestOptions & {
  url: string;
  throwForThrottlingEarly: boolean;
  [AUTH_OPTION]: AuthStyle;
};

/** node-fetch's `Headers`, as far as we read it (core's types point at an uninstalled package). */
interface HeaderList {
  forEach(callback: (value: string, name: string) => void): void;
}

/**
 * The shared client's transport on `z.request`, so Zapier logs, scrubs and times every call. Every
 * status comes back as a response: the shared client, not z.request, decides what is an error.
 */
export function zapierTransport(z: ZObject): Transport {
  return {
    // z.request drops GET bodies unless `allowGetBody`; the shared client then puts list params in the query.
    sendsGetBody: false,
    async send(request: HttpRequest): Promise<HttpResponse> {
      // A header key is the app's `beforeRequest`'s to add, so Zapier's auth template shows it.
      const { query, headers } = request.auth.style === 'header' ? request : placeKey(request);
      const options: RequestOptions = {
        url: urlWithQuery(request.url, query),
        method: request.method,
        headers,
        [AUTH_OPTION]: request.auth.style,
        timeout: request.timeoutMs,
        skipThrowForStatus: true,
        // A redirect comes back as it is: a followed POST would arrive as a GET, and the shared client
        // follows a move to the site's own canonical address itself (see shared/src/http/transport.ts).
        redirect: 'manual',
        // Since core 18 a 429 throws before any middleware; let it through so the store's delay is read once.
        throwForThrottlingEarly: false,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      };
      let response;
      try {
        response = await z.request(options);
      } catch (error) {
        const throttled = throttledResponse(error);
        if (throttled) return throttled;
        throw describeTransportFailure(error);
      }
      return {
        status: response.status,
        headers: lowerCased(response.headers as unknown as HeaderList),
        body: response.content,
      };
    },
  };
}

function lowerCased(headers: HeaderList): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

/**
 * A `ThrottledError` that z.request threw anyway (a core that ignores `throwForThrottlingEarly`), turned
 * back into the 429 it stands for, with its delay, so the shared client reports it like any other.
 */
function throttledResponse(error: unknown): HttpResponse | undefined {
  if (!(error instanceof Error) || error.name !== 'ThrottledError') return undefined;
  let delay: unknown;
  try {
    delay = (JSON.parse(error.message) as { delay?: unknown }).delay;
  } catch {
    delay = undefined;
  }
  const headers: Record<string, string> = typeof delay === 'number' ? { 'retry-after': String(delay) } : {};
  return { status: 429, headers, body: '' };
}
