/** Plain HTTP GETs on Node's http, with no client around them: the baseline the shared client is compared with. */
import * as http from 'node:http';

export interface PlainAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function plainRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<PlainAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export async function getJson(url: string): Promise<unknown> {
  return JSON.parse((await plainRequest(url)).body) as unknown;
}

export async function putJson(url: string, body: unknown): Promise<void> {
  const text = JSON.stringify(body);
  const answer = await plainRequest(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
    body: text,
  });
  if (answer.status !== 200) throw new Error(`PUT ${url}: HTTP ${answer.status} ${answer.body}`);
}

/** Return All as a plain loop: GET page 1, 2, ... one after the other until X-WP-TotalPages. */
export async function rawSequentialOrders(
  url: string,
  apiKey: string,
  perPage = 100,
): Promise<{ records: unknown[]; pages: number; bytes: number }> {
  const records: unknown[] = [];
  let bytes = 0;
  let pages = 0;
  for (let page = 1; ; page += 1) {
    const answer = await plainRequest(
      `${url}/wp-json/sc/v1/orders?page=${page}&per_page=${perPage}&orderby=id&order=asc`,
      {
        headers: { 'x-api-key': apiKey, accept: 'application/json' },
      },
    );
    if (answer.status !== 200) throw new Error(`page ${page}: HTTP ${answer.status}`);
    pages += 1;
    bytes += Buffer.byteLength(answer.body);
    const items = JSON.parse(answer.body) as unknown[];
    records.push(...items);
    const totalPages = Number(answer.headers['x-wp-totalpages']);
    if (items.length === 0 || page >= totalPages) break;
  }
  return { records, pages, bytes };
}
