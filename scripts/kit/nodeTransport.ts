import * as http from 'node:http';
import * as https from 'node:https';
import {
  type HttpRequest,
  type HttpResponse,
  type Transport,
  TransportFailure,
  describeTransportFailure,
  placeKey,
  urlWithQuery,
} from '../../shared/src/http/transport';

/** A request as it goes on the wire: the URL with its query, and the body already serialised. */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/**
 * Sends one request on Node's own http/https and resolves with every status; a failure with no
 * response rejects with Node's own error (its `code` kept), or a `TransportFailure` at the deadline. It calls `request(options, cb)` (never `request(url, ...)`
 * or `fetch`) because Zapier's app tester patches those process-wide. Test fakes of the platforms'
 * HTTP helpers build on it.
 */
export function sendOnWire(request: WireRequest): Promise<HttpResponse> {
  const target = new URL(request.url);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (body) headers['content-length'] = String(body.length);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: request.method,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => {
          clearTimeout(deadline);
          reject(error);
        });
        res.on('end', () => {
          clearTimeout(deadline);
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks).toString('utf8') });
        });
      },
    );
    // One deadline for the whole exchange: `req.setTimeout` is an idle timer that starts only once the
    // socket is connected, so a host that never accepts (or a slow DNS) would outlive `timeoutMs`.
    const deadline = setTimeout(() => {
      const failure = new TransportFailure('timeout', `no answer within ${request.timeoutMs} ms`);
      reject(failure);
      req.destroy(failure);
    }, request.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    req.end(body);
  });
}

/** The shared client's transport on Node's own http/https, for tests, benchmarks and scripts (not for the adapters). */
export const nodeTransport: Transport = {
  sendsGetBody: true,
  async send(request: HttpRequest): Promise<HttpResponse> {
    // No platform auth here: the key goes where the request says, as the adapters' platforms put it.
    const { query, headers } = placeKey(request);
    try {
      return await sendOnWire({
        method: request.method,
        url: urlWithQuery(request.url, query),
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        timeoutMs: request.timeoutMs,
      });
    } catch (error) {
      throw describeTransportFailure(error);
    }
  },
};
