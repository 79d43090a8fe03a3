import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { invalidJsonBody, RestError } from '../errors';
import { parsePhpQuery, queryPairs, type ParamMap } from './query';

const MAX_BODY_BYTES = 1_000_000;

/** A request to the service, with parameters merged the WordPress way. */
export interface ApiRequest {
  method: string;
  /** The route inside WordPress's REST server, e.g. `/sc/v1/orders/5`. */
  route: string;
  headers: IncomingHttpHeaders;
  query: ParamMap;
  queryPairs: [string, string][];
  /** JSON body first, then form body, then query string: WordPress's order of precedence. */
  params: ParamMap;
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new RestError(413, 'rest_request_too_large', 'The request body is too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function isPlainObject(value: unknown): value is ParamMap {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** WordPress parses a JSON body only when the request says it is JSON, whatever the method (GET too). */
export function parseBodyParams(headers: IncomingHttpHeaders, body: Buffer): ParamMap {
  const type = String(headers['content-type'] ?? '').toLowerCase();
  const text = body.toString('utf8');
  if (text.trim() === '') return {};
  if (type.includes('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw invalidJsonBody(error instanceof Error ? error.message : 'Syntax error');
    }
    return isPlainObject(parsed) ? parsed : {};
  }
  if (type.includes('application/x-www-form-urlencoded')) return parsePhpQuery(text);
  return {};
}

export function buildApiRequest(
  method: string,
  route: string,
  url: URL,
  headers: IncomingHttpHeaders,
  bodyParams: ParamMap,
): ApiRequest {
  const query = parsePhpQuery(url.search);
  delete query.rest_route;
  const pairs = queryPairs(url.search).filter(([key]) => key !== 'rest_route');
  return { method, route, headers, query, queryPairs: pairs, params: { ...query, ...bodyParams } };
}
