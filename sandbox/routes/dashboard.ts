import * as fs from 'node:fs';
import * as path from 'node:path';
import { activity, catalog, type DashboardSource } from '../dashboard/data';
import { HTML_TYPE, JSON_TYPE, type Outgoing } from '../http/outgoing';
import type { SandboxState } from '../state';
import type { Sandbox } from '../types';
import type { WorkerUsage } from '../workers';

/**
 * The dashboard: a page at the sandbox's own address (`/`) for someone trying the connectors, its two
 * assets, and the two admin reads it polls. Like the rest of `/sandbox/v1`, no key: the sandbox
 * listens on 127.0.0.1. `/?rest_route=...` stays the REST API, and the site's other pages stay
 * WordPress's; the WordPress home page gives way to the dashboard.
 */

const DIR = path.join(__dirname, '..', 'dashboard');
const ASSETS: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: HTML_TYPE },
  '/sandbox/dashboard/app.css': { file: 'app.css', type: 'text/css; charset=UTF-8' },
  '/sandbox/dashboard/app.js': { file: 'app.js', type: 'text/javascript; charset=UTF-8' },
};

/** Same-origin only: the page runs no inline code and loads nothing from elsewhere. */
const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 200;

const cache = new Map<string, string>();
function asset(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    text = fs.readFileSync(path.join(DIR, file), 'utf8');
    cache.set(file, text);
  }
  return text;
}

const json = (status: number, body: unknown): Outgoing => ({
  status,
  headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store' },
  body: JSON.stringify(body),
});

function limitOf(url: URL): number | undefined {
  const text = url.searchParams.get('limit');
  if (text === null || text === '') return DEFAULT_LIMIT;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= MAX_LIMIT ? value : undefined;
}

/** The dashboard's answer for this request, or undefined when it is not one of its addresses. */
export function dashboardAnswer(
  method: string,
  url: URL,
  sandbox: Pick<Sandbox, 'url' | 'apiRoot' | 'apiKey' | 'hooks' | 'deliveries'> & { workerUsage(): WorkerUsage },
  state: Pick<SandboxState, 'store' | 'profile' | 'deviations'>,
): Outgoing | undefined {
  if (method !== 'GET') return undefined;
  const { pathname } = url;
  const source: DashboardSource = {
    url: sandbox.url,
    apiRoot: sandbox.apiRoot,
    apiKey: sandbox.apiKey,
    profile: state.profile,
    secretInDeliveries: state.deviations.secretInDeliveries,
    store: state.store,
    hooks: () => sandbox.hooks(),
    deliveries: () => sandbox.deliveries(),
    workers: () => sandbox.workerUsage(),
  };
  if (pathname === '/sandbox/v1/catalog') return json(200, catalog(source));
  if (pathname === '/sandbox/v1/activity') {
    const limit = limitOf(url);
    if (limit === undefined) {
      return json(400, {
        code: 'sandbox_invalid_request',
        message: `limit must be a whole number from 1 to ${MAX_LIMIT}`,
        data: { status: 400 },
      });
    }
    return json(200, activity(source, limit));
  }
  const found = ASSETS[pathname];
  // `/?rest_route=/sc/v1/...` is the REST API on sites without pretty permalinks.
  if (!found || (pathname === '/' && url.searchParams.has('rest_route'))) return undefined;
  return { status: 200, headers: { 'Content-Type': found.type, ...PAGE_HEADERS }, body: asset(found.file) };
}
