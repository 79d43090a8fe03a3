import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import { makeAddressing, resolveTarget, Links, type Addressing } from './addressing';
import { parseDeviations, parseFaults, type ConfigUpdate } from './adminInput';
import { Deliverer } from './delivery';
import { RestError } from './errors';
import { applyEvent, type EventRecord } from './events';
import { faultAnswer, reshapeBody, spoilBody } from './faults';
import { timezoneLabel } from './format/zone';
import { phpJsonEncode } from './format/phpJson';
import { buildApiRequest, parseBodyParams, readBody } from './http/incoming';
import { JSON_TYPE, type ApiResponse, type Outgoing } from './http/outgoing';
import { isProfile } from './profiles';
import { Router } from './router';
import { adminForbidden, crossSiteWrite, handleAdmin, type AdminControls } from './routes/admin';
import { dashboardAnswer } from './routes/dashboard';
import { discoveryRoutes } from './routes/discovery';
import { REST_ROUTES } from './routes/rest';
import { sitePage } from './routes/sitePages';
import { type SiteSituation, isSiteSituation, situationAnswer, wantsJson } from './situations';
import { WEBHOOK_ROUTES } from './routes/webhooks';
import { SandboxState } from './state';
import { WorkerPool, type WorkerUsage } from './workers';
import type {
  Deviations,
  Faults,
  Sandbox,
  SandboxConfig,
  SandboxArrival,
  SandboxDelivery,
  SandboxEvent,
  SandboxHook,
  SandboxOptions,
  SandboxProfile,
} from './types';

export const DEFAULT_API_KEY = 'sandbox-demo-key';
export const DEFAULT_SIZE = 200;

/** Headers WordPress puts on every REST answer. */
const REST_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
  'Access-Control-Expose-Headers': 'X-WP-Total, X-WP-TotalPages, Link',
};

class SandboxServer implements Sandbox, AdminControls {
  url = '';
  readonly apiRoot: string;
  readonly apiKey: string;
  private readonly state: SandboxState;
  private readonly addressing: Addressing;
  private readonly router: Router;
  private readonly deliverer: Deliverer;
  private readonly server: http.Server | https.Server;
  private readonly wakers = new Set<() => void>();
  private closed = false;
  /** What `requests()` answers: the site's requests in the order they came. */
  private readonly requestLog: string[] = [];
  /** Added to every answer of the service's routes: a slow host (benchmarks, timing-free tests). */
  private latencyMs: number;
  /** Each API request, and each store event with its deliveries, holds one while it runs. */
  private readonly workers: WorkerPool;

  constructor(private readonly options: SandboxOptions) {
    this.addressing = makeAddressing(options.apiRoot ?? '/wp-json/sc/v1');
    this.apiRoot = this.addressing.apiRoot;
    this.apiKey = options.apiKey ?? DEFAULT_API_KEY;
    this.latencyMs = parseLatency(options.latencyMs ?? 0);
    this.workers = new WorkerPool(options.phpWorkers ?? null);
    const profile = options.profile ?? 'spec';
    if (!isProfile(profile)) throw new Error(`profile must be "spec" or "real", got "${String(profile)}"`);
    this.state = new SandboxState({
      apiKey: this.apiKey,
      size: options.size ?? DEFAULT_SIZE,
      seed: options.seed ?? 1,
      profile,
      deviations: parseDeviations(options.deviations ?? {}),
      deliveryTimeoutMs: options.deliveryTimeoutMs ?? 5000,
      ...(options.timezone ? { timezone: options.timezone } : {}),
    });
    const service = new Router([...WEBHOOK_ROUTES, ...REST_ROUTES]);
    this.router = new Router([...service.routes, ...discoveryRoutes((state) => service.served(state))]);
    this.deliverer = new Deliverer(this.state.config.deliveryTimeoutMs);
    const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => void this.handle(req, res);
    this.server = options.tls ? https.createServer(options.tls, handler) : http.createServer(handler);
  }

  async listen(): Promise<void> {
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port ?? 0, host, () => resolve());
    });
    const { port } = this.server.address() as AddressInfo;
    const scheme = this.options.tls ? 'https' : 'http';
    this.url = `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  }

  // ---- Sandbox ----

  setProfile(profile: SandboxProfile): void {
    if (!isProfile(profile)) throw new Error(`profile must be "spec" or "real", got "${String(profile)}"`);
    this.state.setProfile(profile);
  }

  setDeviations(deviations: Partial<Deviations>): void {
    this.state.setDeviations(parseDeviations(deviations));
  }

  setFaults(faults: Faults | null): void {
    this.state.faults.set(parseFaults(faults));
  }

  setSituation(situation: SiteSituation | null): void {
    if (situation !== null && !isSiteSituation(situation)) throw new Error(`unknown situation "${String(situation)}"`);
    this.state.situation = situation;
  }

  hooks(): SandboxHook[] {
    return this.state.hooks.list();
  }

  deliveries(): SandboxDelivery[] {
    return this.state.deliveries();
  }

  arrivals(): SandboxArrival[] {
    return this.state.arrivals();
  }

  async fireEvent(event: SandboxEvent): Promise<SandboxDelivery[]> {
    return (await this.fire(event, this.ownLinks())).deliveries;
  }

  reset(): void {
    this.state.reset();
  }

  requests(): string[] {
    return [...this.requestLog];
  }

  clearRequests(): void {
    this.requestLog.length = 0;
  }

  setTimezone(timezone: string | null): void {
    this.state.setTimezone(timezone);
  }

  setClock(at: Date | string): void {
    const ms = at instanceof Date ? at.getTime() : Date.parse(at);
    if (Number.isNaN(ms)) throw new Error(`clock must be a date or an ISO 8601 instant, got "${String(at)}"`);
    this.state.setClock(ms / 1000);
  }

  setLatency(ms: number): void {
    this.latencyMs = parseLatency(ms);
  }

  setPhpWorkers(workers: number | null): void {
    this.workers.resize(workers);
  }

  workerUsage(): WorkerUsage {
    return this.workers.usage();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.deliverer.abortAll();
    this.workers.drain();
    for (const wake of [...this.wakers]) wake();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  // ---- AdminControls ----

  info(): Record<string, unknown> {
    return {
      url: this.url,
      apiRoot: this.apiRoot,
      apiBase: `${this.url}${this.apiRoot}`,
      apiKey: this.apiKey,
      size: this.state.config.size,
      seed: this.state.config.seed,
      ...this.config(),
    };
  }

  config(): SandboxConfig {
    return {
      profile: this.state.profile,
      deviations: { ...this.state.deviations },
      faults: this.state.faults.get(),
      latencyMs: this.latencyMs,
      phpWorkers: this.workers.usage().workers,
      timezone: timezoneLabel(this.state.store.zone),
      clock: new Date(this.state.store.now * 1000).toISOString(),
      situation: this.state.situation,
    };
  }

  /** A profile first resets the deviations, then explicit deviations apply on top. */
  updateConfig(update: ConfigUpdate): void {
    if (update.profile) this.state.setProfile(update.profile);
    if (update.deviations) this.state.setDeviations(update.deviations);
    if (update.faults !== undefined) this.state.faults.set(update.faults);
    if (update.latencyMs !== undefined) this.latencyMs = update.latencyMs;
    if (update.phpWorkers !== undefined) this.workers.resize(update.phpWorkers);
    if (update.timezone !== undefined) this.state.setTimezone(update.timezone);
    if (update.clock !== undefined) this.state.setClock(update.clock);
    if (update.situation !== undefined) this.state.situation = update.situation;
  }

  clearDeliveries(): void {
    this.state.clearDeliveries();
  }

  /** The change and its deliveries run in one worker, as in the PHP request (checkout, gateway callback) that made it. */
  async fire(event: SandboxEvent, links: Links): Promise<{ record: EventRecord; deliveries: SandboxDelivery[] }> {
    return await this.workers.run(async () => {
      const record = applyEvent(this.state.store, this.state.random, event);
      const deliveries = await this.deliverer.deliver(this.state, event.type, record, links);
      return { record, deliveries };
    });
  }

  // ---- HTTP ----

  private ownLinks(): Links {
    return new Links(this.url, this.addressing, this.state.deviations.plainPermalinks);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const arrivedAt = Date.now();
    let out: Outgoing;
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const origin = req.headers.host ? `${this.options.tls ? 'https' : 'http'}://${req.headers.host}` : this.url;
      const plain = this.state.deviations.plainPermalinks;
      const links = new Links(origin, this.addressing, plain);
      const body = await readBody(req);
      const target = resolveTarget(url, this.addressing, plain);
      const dashboard = dashboardAnswer(method, url, this, this.state);
      if (!dashboard && target.kind !== 'admin') this.requestLog.push(`${method} ${req.url ?? ''}`);
      const instead =
        dashboard || target.kind === 'admin'
          ? null
          : situationAnswer(
              this.state.situation,
              target.kind === 'api' ? target : { kind: 'page' },
              wantsJson(req.headers),
            );
      if (dashboard && url.pathname === '/' && this.state.situation !== 'not-wordpress') {
        // The dashboard is the site's home page: WordPress names its REST API on it.
        out = {
          ...dashboard,
          headers: { ...dashboard.headers, Link: `<${links.restIndex}>; rel="https://api.w.org/"` },
        };
      } else if (dashboard) out = dashboard;
      else if (instead) out = instead;
      else if (target.kind === 'admin' && crossSiteWrite(method, req.headers.origin, origin)) {
        // A web page open in the same browser must not fire events at a local sandbox: browsers send an
        // Origin with every cross-site POST, and the dashboard's own requests carry the sandbox's origin.
        out = adminForbidden();
      } else if (target.kind === 'admin') out = await handleAdmin(method, target.path, body, this, links);
      else if (target.kind === 'page') out = sitePage(target.path, this.addressing.sitePath, this.state.store, links);
      else {
        this.state.recordArrival({ method, route: target.route, at: arrivedAt });
        out = await this.workers.run(() => this.api(method, target.route, url, req, body, links));
      }
    } catch (error) {
      out = this.failure(error);
    }
    if (!this.options.quiet) console.log(`${method} ${req.url ?? ''} -> ${out.status}`);
    if (this.closed || res.destroyed) return;
    res.writeHead(out.status, { ...out.headers, 'Content-Length': String(Buffer.byteLength(out.body)) });
    res.end(out.body);
  }

  private async api(
    method: string,
    route: string,
    url: URL,
    req: http.IncomingMessage,
    body: Buffer,
    links: Links,
  ): Promise<Outgoing> {
    const faults = this.state.faults.take(route);
    if (this.latencyMs > 0) await this.sleep(this.latencyMs);
    if (faults?.latencyMs) await this.sleep(faults.latencyMs);
    if (faults?.hangMs) await this.sleep(faults.hangMs);
    const early = faultAnswer(faults);
    if (early) return early;
    let response: ApiResponse;
    try {
      const request = buildApiRequest(method, route, url, req.headers, parseBodyParams(req.headers, body));
      response = await this.router.dispatch({ request, state: this.state, links });
    } catch (error) {
      if (!(error instanceof RestError)) throw error;
      response = { status: error.status, body: error.toBody() };
    }
    return {
      status: response.status,
      headers: { 'Content-Type': JSON_TYPE, ...REST_HEADERS, ...response.headers },
      body: spoilBody(phpJsonEncode(reshapeBody(response.body, faults)), faults),
    };
  }

  private failure(error: unknown): Outgoing {
    if (error instanceof RestError) {
      return { status: error.status, headers: { 'Content-Type': JSON_TYPE }, body: phpJsonEncode(error.toBody()) };
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`sandbox: ${message}`);
    return {
      status: 500,
      headers: { 'Content-Type': JSON_TYPE },
      body: phpJsonEncode({ code: 'internal_server_error', message, data: { status: 500 } }),
    };
  }

  /** A delay that closing the sandbox cuts short. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }
}

function parseLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`latencyMs must be a number >= 0, got ${String(ms)}`);
  return ms;
}

/** Seeds a store and serves it; resolves once it listens. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sandbox = new SandboxServer({ quiet: true, ...options });
  await sandbox.listen();
  return sandbox;
}
