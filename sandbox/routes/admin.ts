import type { Links } from '../addressing';
import { AdminInputError, parseConfigUpdate, parseEvent, type ConfigUpdate } from '../adminInput';
import { EventError, EVENT_TYPES, type EventRecord } from '../events';
import { JSON_TYPE, type Outgoing } from '../http/outgoing';
import type { SandboxConfig, SandboxDelivery, SandboxEvent, SandboxHook } from '../types';

/** The sandbox's own admin API under /sandbox/v1: steer it from a test running in another process. */
export interface AdminControls {
  info(): Record<string, unknown>;
  config(): SandboxConfig;
  updateConfig(update: ConfigUpdate): void;
  reset(): void;
  hooks(): SandboxHook[];
  deliveries(): SandboxDelivery[];
  clearDeliveries(): void;
  fire(event: SandboxEvent, links: Links): Promise<{ record: EventRecord; deliveries: SandboxDelivery[] }>;
}

const json = (status: number, body: unknown): Outgoing => ({
  status,
  headers: { 'Content-Type': JSON_TYPE },
  body: JSON.stringify(body, null, 2),
});

const failure = (status: number, code: string, message: string): Outgoing =>
  json(status, { code, message, data: { status } });

function describe(record: EventRecord): Record<string, unknown> {
  if (record.kind === 'order') return { resource: 'order', id: record.order.id, status: record.order.status };
  if (record.kind === 'subscription')
    return { resource: 'subscription', id: record.subscription.id, status: record.subscription.status };
  return { resource: 'lead', email: record.lead.email };
}

function parseJson(body: Buffer): unknown {
  const text = body.toString('utf8').trim();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AdminInputError('the body is not valid JSON');
  }
}

/** A write to the admin API sent by a page of another site (its `Origin` is not the sandbox's own). */
export function crossSiteWrite(method: string, requestOrigin: string | undefined, ownOrigin: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && requestOrigin !== undefined && requestOrigin !== ownOrigin;
}

export function adminForbidden(): Outgoing {
  return failure(
    403,
    'sandbox_cross_site',
    'The sandbox admin API only takes writes from its own dashboard or from tools without a browser Origin.',
  );
}

export async function handleAdmin(
  method: string,
  path: string,
  body: Buffer,
  controls: AdminControls,
  links: Links,
): Promise<Outgoing> {
  const route = `${method} ${path.replace(/^\/sandbox\/v1/, '') || '/'}`;
  try {
    switch (route) {
      case 'GET /':
        return json(200, { ...controls.info(), events: EVENT_TYPES });
      case 'GET /config':
        return json(200, controls.config());
      case 'PUT /config':
      case 'POST /config':
        controls.updateConfig(parseConfigUpdate(parseJson(body)));
        return json(200, controls.config());
      case 'POST /reset':
        controls.reset();
        return json(200, controls.config());
      case 'GET /hooks':
        return json(200, controls.hooks());
      case 'GET /deliveries':
        return json(200, controls.deliveries());
      case 'DELETE /deliveries':
        controls.clearDeliveries();
        return json(200, []);
      case 'POST /events': {
        const { record, deliveries } = await controls.fire(parseEvent(parseJson(body)), links);
        return json(200, { event: describe(record), deliveries });
      }
      default:
        return failure(404, 'sandbox_no_route', `No admin route ${route}. See sandbox/README.md.`);
    }
  } catch (error) {
    if (error instanceof AdminInputError || error instanceof EventError)
      return failure(400, 'sandbox_invalid_request', error.message);
    throw error;
  }
}
