import type { SiteSituation } from './situations';
/** The sandbox's public types: what tests and tools use to start and steer it. */

/**
 * `spec`: exactly the documented interface (docs/service/operations.md, docs/service/shapes.md).
 * `real`: every deviation of docs/service/real-stores.md switched on.
 */
export type SandboxProfile = 'spec' | 'real';

/**
 * Each way a real Studiocart store departs from the documented interface; every one can be switched
 * alone (docs/service/real-stores.md#how-the-sandbox-reproduces-these).
 */
export interface Deviations {
  /** validate answers the JSON string `""` instead of `{}`. */
  emptyValidateBody: boolean;
  /** subscribe answers `{"id": 1732190400}` (a number) instead of a string of digits. */
  numericSubscribeId: boolean;
  /** webhook/delete answers 500 rest_invalid_handler (and webhook/zap-delete is served). */
  brokenWebhookDelete: boolean;
  /** webhook/zap-delete is served: same body as delete, no key, answers `[{url, id}]`. */
  zapDeleteRoute: boolean;
  /** subscribe without hook_url answers 404 rest_subscribe_error (spec profile: 400 rest_missing_callback_param). */
  subscribeErrorAs404: boolean;
  /** latest-orders with nothing to show answers 404 no_orders instead of `[]`. */
  noOrdersAs404: boolean;
  /** Money in REST resources (customers, orders, subscriptions, products) in minor units (cents). */
  centsInRest: boolean;
  /** plans without product_id answers `null` (spec profile: 400 rest_missing_callback_param). */
  nullPlansWithoutProduct: boolean;
  /** plans ends with a `downsell` entry after `bump` and `upsell`. */
  downsellPlanEntry: boolean;
  /** latest-orders records have the event-payload shape, with `order_amount` a number. */
  richLatestOrders: boolean;
  /** latest-orders status: paid = paid or completed, pending = cash-on-delivery awaiting payment,
   *  active/completed/canceled/paused = subscriptions, others literal (spec profile: active,
   *  completed, canceled = subscriptions, others literal). */
  realStatusFilter: boolean;
  /** latest-orders product_id also matches orders where that product was bought as a bump. */
  bumpMatchesProduct: boolean;
  /** Empty lists carry no X-WP-Total / X-WP-TotalPages / Link headers. */
  noPagingHeadersWhenEmpty: boolean;
  /** Deliveries carry `studiocart_secret` = the store's API key, as older plugin versions send it. */
  secretInDeliveries: boolean;
  /** A site without pretty permalinks: `/wp-json/...` answers the front page with 200 (as nginx, and
   *  Apache with WordPress's .htaccess, serve it), only `/?rest_route=/sc/v1/...` works, and links use
   *  that form. Not part of the `real` profile. */
  plainPermalinks: boolean;
}

/** Faults for tests. Several may be combined; all apply to the service's routes only, never to /sandbox/v1. */
export interface Faults {
  /** Delay every matching answer by this many milliseconds. */
  latencyMs?: number;
  /** Answer an HTML page (maintenance, security or caching plugin) with this status (200 included). */
  html?: { status: number };
  /** Put a UTF-8 byte-order mark before the JSON. */
  bom?: boolean;
  /** Put a PHP notice (HTML) before the JSON. */
  phpNotice?: boolean;
  /** Answer 500 with WordPress's critical-error body. */
  serverError?: boolean;
  /** Answer 429 with a Retry-After header. */
  rateLimit?: { retryAfterSeconds: number };
  /** Send nothing for this many milliseconds (meant to outlast a client's timeout), then answer. */
  hangMs?: number;
  /** Send a truncated JSON body with status 200 and a JSON content type. */
  invalidJson?: boolean;
  /** Answer a 200 with the JSON `null` (what a broken site sends where a list is expected). */
  nullBody?: boolean;
  /** Send every number of the body as a string (`"id": "12"`), as some real sites do. */
  stringNumbers?: boolean;
  /** Leave out fields that are empty strings or null instead of sending them empty. */
  dropEmptyFields?: boolean;
  /** Wrap an object answer in an array (`[{...}]` where one object is expected). */
  arrayForObject?: boolean;
  /** Only requests whose route (`/sc/v1/...`) matches this regular expression source. */
  onlyPaths?: string;
  /** Apply to the next N matching requests only, then clear. */
  times?: number;
}

export interface SandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Serve HTTPS with this certificate (PEM): the certificate cases (expired, self-signed, another name). */
  tls?: { key: string; cert: string };
  /** 0 = a free port. */
  port?: number;
  /** Default `sandbox-demo-key`. */
  apiKey?: string;
  /** Default `spec`. */
  profile?: SandboxProfile;
  /** Number of orders in the seeded store. Default 200. */
  size?: number;
  /** Default 1. */
  seed?: number;
  /** Default `/wp-json/sc/v1`; must end with `/sc/v1` (e.g. `/store/wp-json/sc/v1` for a sub-folder site). */
  apiRoot?: string;
  /** No request log on stdout. Default true for startSandbox, false for the CLI. */
  quiet?: boolean;
  /** Per-delivery timeout for hook POSTs. Default 5000 ms. */
  deliveryTimeoutMs?: number;
  /** Deviations switched on top of the profile at start. */
  deviations?: Partial<Deviations>;
  /** Added to every answer of the service's routes (never /sandbox/v1), in ms: a slow host. Default 0. */
  latencyMs?: number;
  /**
   * PHP workers of a small host: each API request, and each store event with its deliveries, holds one
   * while it runs; the others queue. Default null = unlimited.
   */
  phpWorkers?: number | null;
  /**
   * The site's time zone: an IANA name (`America/New_York`) or a manual offset (`UTC+5:30`). Default:
   * the profile's (`spec` UTC, `real` America/New_York).
   */
  timezone?: string;
}

/** What `GET /sandbox/v1/config` answers. */
export interface SandboxConfig {
  profile: SandboxProfile;
  deviations: Deviations;
  faults: Faults | null;
  latencyMs: number;
  /** null = unlimited. */
  phpWorkers: number | null;
  /** `America/New_York`, `UTC+5:30`. */
  timezone: string;
  /** The store's clock, ISO 8601 UTC. */
  clock: string;
  /** What stands in front of the store (`situations.ts`); null: a healthy site. */
  situation: SiteSituation | null;
}

/** A hook registered through webhook/subscribe. */
export interface SandboxHook {
  /** The id the service handed out (digits). */
  id: string;
  hookUrl: string;
  /** `product_id` query filter, null = any product. */
  productId: number | null;
  /** `plan_id` filter (plan ids or bump/upsell/downsell), empty = any plan. */
  planIds: string[];
  /** `status` filter (event names), empty = any event. */
  statuses: string[];
  source: string;
  pricesInCents: boolean;
  createdAt: string;
}

/** One POST made to a hook. */
export interface SandboxDelivery {
  hookId: string;
  hookUrl: string;
  event: string;
  /** The receiver's HTTP status, null when it could not be reached or timed out. */
  status: number | null;
  /** Why the delivery failed, when it did. */
  error?: string;
  durationMs: number;
  /** When the receiver's answer (or the failure) came back, in epoch ms: orders it against `arrivals()`. */
  answeredAt: number;
  payload: Record<string, unknown>;
  /** Store time of the event (the store keeps its own deterministic clock). */
  deliveredAt: string;
}

/** An API request as it reached the store, before any PHP worker took it. */
export interface SandboxArrival {
  method: string;
  /** The route under the REST namespace, e.g. `/sc/v1/orders/1042`. */
  route: string;
  /** Epoch ms. */
  at: number;
}

export interface SandboxEvent {
  type: string;
  product_id?: number;
  plan_id?: string;
}

export interface Sandbox {
  /** http://HOST:PORT, the store's base URL. */
  url: string;
  /** Path of the API root, e.g. `/wp-json/sc/v1` (the API base is url + apiRoot). */
  apiRoot: string;
  apiKey: string;
  setProfile(profile: SandboxProfile): void;
  setDeviations(deviations: Partial<Deviations>): void;
  setFaults(faults: Faults | null): void;
  /** Puts a situation in front of the store (a staging password, a CDN challenge, …); null: a healthy site. */
  setSituation(situation: SiteSituation | null): void;
  /** Per-request latency of the service's routes, in ms (kept by `reset`). */
  setLatency(ms: number): void;
  /** PHP workers of a small host (null = unlimited, the default); kept by `reset`. */
  setPhpWorkers(workers: number | null): void;
  /** The site's zone (`America/New_York`, `UTC+5:30`); null: the profile's. `reset` goes back to the start's. */
  setTimezone(timezone: string | null): void;
  /** Moves the store's clock: the next live event happens one minute after it. */
  setClock(at: Date | string): void;
  hooks(): SandboxHook[];
  deliveries(): SandboxDelivery[];
  /** The latest API requests as they reached the store, oldest first; `reset` clears them. */
  arrivals(): SandboxArrival[];
  /**
   * Every request a client sent the site since the start or `clearRequests`, as `GET /wp-json/…`
   * (the API and the REST index; never the sandbox's own admin and dashboard routes).
   */
  requests(): string[];
  clearRequests(): void;
  fireEvent(event: SandboxEvent): Promise<SandboxDelivery[]>;
  /** Hooks, deliveries, faults, profile and seeded data back to start. */
  reset(): void;
  close(): Promise<void>;
}
