import * as http from 'node:http';
import * as https from 'node:https';
import type { Links } from './addressing';
import type { EventRecord } from './events';
import type { RenderContext } from './format/context';
import { leadPayload, orderPayload, subscriptionPayload } from './format/payloads';
import { phpJsonEncode } from './format/phpJson';
import { formatTimestamp } from './format/time';
import { leadSubject, matches, orderSubject, subscriptionSubject, type Subject } from './matching';
import type { SandboxState } from './state';
import type { SandboxDelivery, SandboxHook } from './types';

/**
 * Hook deliveries: one JSON POST per matching hook, no signature, no retry, as Studiocart sends
 * them. Requests use the `(options, callback)` form of http.request on purpose: Zapier's app
 * tester replaces http.request process-wide with a wrapper that only understands that form.
 */

function subjectOf(record: EventRecord): Subject {
  if (record.kind === 'order') return orderSubject(record.order);
  if (record.kind === 'subscription') return subscriptionSubject(record.subscription);
  return leadSubject(record.lead);
}

function payloadOf(record: EventRecord, ctx: RenderContext, trigger: string): Record<string, unknown> {
  if (record.kind === 'order') return orderPayload(record.order, ctx, trigger);
  if (record.kind === 'subscription') return subscriptionPayload(record.subscription, ctx, trigger);
  return leadPayload(record.lead, ctx);
}

function hookWants(hook: SandboxHook, trigger: string, record: EventRecord): boolean {
  if (hook.statuses.length > 0 && !hook.statuses.includes(trigger)) return false;
  return matches(subjectOf(record), { productId: hook.productId, planIds: hook.planIds, productIncludesBumps: true });
}

interface PostResult {
  status: number | null;
  error?: string;
}

/** Keeps track of deliveries under way so closing the sandbox can cut them off. */
export class Deliverer {
  private readonly inflight = new Set<http.ClientRequest>();

  constructor(private readonly timeoutMs: number) {}

  async deliver(state: SandboxState, trigger: string, record: EventRecord, links: Links): Promise<SandboxDelivery[]> {
    const hooks = state.hooks.list().filter((hook) => hookWants(hook, trigger, record));
    const deliveries = await Promise.all(
      hooks.map(async (hook): Promise<SandboxDelivery> => {
        const ctx: RenderContext = { store: state.store, links, unit: hook.pricesInCents ? 'cents' : 'decimal' };
        const payload = payloadOf(record, ctx, trigger);
        // Older plugin versions add the store's key itself; the delivery log keeps the payload without it.
        const sent = state.deviations.secretInDeliveries
          ? { ...payload, studiocart_secret: state.config.apiKey }
          : payload;
        const started = Date.now();
        const result = await this.post(hook.hookUrl, phpJsonEncode(sent), links.site);
        return {
          hookId: hook.id,
          hookUrl: hook.hookUrl,
          event: trigger,
          status: result.status,
          ...(result.error !== undefined ? { error: result.error } : {}),
          durationMs: Date.now() - started,
          answeredAt: Date.now(),
          payload,
          deliveredAt: formatTimestamp(state.store.now),
        };
      }),
    );
    state.recordDeliveries(deliveries);
    return deliveries;
  }

  /** Never rejects: a dead or slow receiver becomes a logged failure, not a crashed store. */
  private post(hookUrl: string, body: string, site: string): Promise<PostResult> {
    let url: URL;
    try {
      url = new URL(hookUrl);
    } catch {
      return Promise.resolve({ status: null, error: `not a URL: ${hookUrl}` });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.resolve({ status: null, error: `unsupported protocol ${url.protocol}` });
    }
    const client = url.protocol === 'https:' ? https : http;
    const options: http.RequestOptions = {
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || (url.protocol === 'https:' ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': `WordPress/6.6.2; ${site}`,
        Accept: '*/*',
      },
    };
    if (url.username || url.password)
      options.auth = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;

    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: PostResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.inflight.delete(request);
        resolve(result);
      };
      const request = client.request(options, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => finish({ status: response.statusCode ?? null }));
        response.on('error', (error) => finish({ status: response.statusCode ?? null, error: error.message }));
      });
      const timer = setTimeout(() => {
        finish({ status: null, error: `no answer within ${this.timeoutMs} ms` });
        request.destroy();
      }, this.timeoutMs);
      this.inflight.add(request);
      request.on('error', (error) => finish({ status: null, error: error.message }));
      request.end(body);
    });
  }

  /** Cuts off deliveries still under way. */
  abortAll(): void {
    for (const request of this.inflight) request.destroy(new Error('sandbox closed'));
    this.inflight.clear();
  }
}
