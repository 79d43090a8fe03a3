import { parseTimezone } from './format/zone';
import { SITE_SITUATIONS, type SiteSituation, isSiteSituation } from './situations';
import { DEVIATION_KEYS, isProfile } from './profiles';
import type { Deviations, Faults, SandboxEvent, SandboxProfile } from './types';

/** Checks what the admin API receives, so a typo in a test fails loudly instead of switching nothing. */
export class AdminInputError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function parseDeviations(value: unknown): Partial<Deviations> {
  if (!isObject(value)) throw new AdminInputError('deviations must be an object');
  const out: Partial<Deviations> = {};
  for (const [key, flag] of Object.entries(value)) {
    if (!(DEVIATION_KEYS as string[]).includes(key))
      throw new AdminInputError(`unknown deviation "${key}"; known: ${DEVIATION_KEYS.join(', ')}`);
    if (typeof flag !== 'boolean') throw new AdminInputError(`deviation ${key} must be true or false`);
    out[key as keyof Deviations] = flag;
  }
  return out;
}

const nonNegative = (value: unknown, name: string): number => {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new AdminInputError(`${name} must be a number >= 0`);
  return value;
};

const flag = (value: unknown, name: string): boolean => {
  if (typeof value !== 'boolean') throw new AdminInputError(`${name} must be true or false`);
  return value;
};

export function parseFaults(value: unknown): Faults | null {
  if (value === null) return null;
  if (!isObject(value)) throw new AdminInputError('faults must be an object or null');
  const faults: Faults = {};
  for (const [key, entry] of Object.entries(value)) {
    switch (key) {
      case 'latencyMs':
      case 'hangMs':
        faults[key] = nonNegative(entry, key);
        break;
      case 'bom':
      case 'phpNotice':
      case 'serverError':
      case 'invalidJson':
      case 'nullBody':
      case 'stringNumbers':
      case 'dropEmptyFields':
      case 'arrayForObject':
        faults[key] = flag(entry, key);
        break;
      case 'html': {
        const status = isObject(entry) ? entry.status : undefined;
        if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) {
          throw new AdminInputError('html must be {"status": 100..599}');
        }
        faults.html = { status };
        break;
      }
      case 'rateLimit':
        faults.rateLimit = {
          retryAfterSeconds: nonNegative(
            isObject(entry) ? entry.retryAfterSeconds : undefined,
            'rateLimit.retryAfterSeconds',
          ),
        };
        break;
      case 'onlyPaths':
        if (typeof entry !== 'string') throw new AdminInputError('onlyPaths must be a regular expression source');
        try {
          new RegExp(entry);
        } catch {
          throw new AdminInputError(`onlyPaths is not a valid regular expression: ${entry}`);
        }
        faults.onlyPaths = entry;
        break;
      case 'times':
        if (typeof entry !== 'number' || !Number.isInteger(entry) || entry < 1)
          throw new AdminInputError('times must be an integer >= 1');
        faults.times = entry;
        break;
      default:
        throw new AdminInputError(`unknown fault "${key}"`);
    }
  }
  return faults;
}

export interface ConfigUpdate {
  profile?: SandboxProfile;
  deviations?: Partial<Deviations>;
  faults?: Faults | null;
  latencyMs?: number;
  /** null = unlimited. */
  phpWorkers?: number | null;
  /** The site's zone (`America/New_York`, `UTC+5:30`); null: the profile's. */
  timezone?: string | null;
  /** The store clock, an ISO 8601 instant: the next event happens one minute after it. */
  clock?: number;
  /** A situation in front of the store (`situations.ts`); null: a healthy site. */
  situation?: SiteSituation | null;
}

const workerCount = (value: unknown): number | null => {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new AdminInputError('phpWorkers must be a whole number >= 1, or null for unlimited');
  return value;
};

export function parseConfigUpdate(body: unknown): ConfigUpdate {
  if (!isObject(body))
    throw new AdminInputError('expected a JSON object {profile?, deviations?, faults?, latencyMs?, phpWorkers?}');
  const update: ConfigUpdate = {};
  for (const key of Object.keys(body)) {
    if (!['profile', 'deviations', 'faults', 'latencyMs', 'phpWorkers', 'timezone', 'clock', 'situation'].includes(key))
      throw new AdminInputError(`unknown setting "${key}"`);
  }
  if (body.profile !== undefined) {
    if (!isProfile(body.profile)) throw new AdminInputError('profile must be "spec" or "real"');
    update.profile = body.profile;
  }
  if (body.deviations !== undefined) update.deviations = parseDeviations(body.deviations);
  if (body.faults !== undefined) update.faults = parseFaults(body.faults);
  if (body.latencyMs !== undefined) update.latencyMs = nonNegative(body.latencyMs, 'latencyMs');
  if (body.phpWorkers !== undefined) update.phpWorkers = workerCount(body.phpWorkers);
  if (body.timezone !== undefined) {
    if (body.timezone !== null && typeof body.timezone !== 'string')
      throw new AdminInputError(
        'timezone must be a zone name such as America/New_York, an offset such as UTC+5:30, or null',
      );
    try {
      if (typeof body.timezone === 'string') parseTimezone(body.timezone);
    } catch (error) {
      throw new AdminInputError((error as Error).message);
    }
    update.timezone = body.timezone;
  }
  if (body.situation !== undefined) {
    if (body.situation !== null && !isSiteSituation(body.situation))
      throw new AdminInputError(`situation must be null or one of: ${SITE_SITUATIONS.join(', ')}`);
    update.situation = body.situation;
  }
  if (body.clock !== undefined) {
    const ms = typeof body.clock === 'string' ? Date.parse(body.clock) : NaN;
    if (Number.isNaN(ms) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(String(body.clock)))
      throw new AdminInputError('clock must be an ISO 8601 instant with an offset, e.g. 2026-11-24T04:58:00Z');
    update.clock = Math.floor(ms / 1000);
  }
  return update;
}

export function parseEvent(body: unknown): SandboxEvent {
  if (!isObject(body) || typeof body.type !== 'string')
    throw new AdminInputError('expected {"type": "<event>", "product_id"?: n, "plan_id"?: "..."}');
  const event: SandboxEvent = { type: body.type };
  if (body.product_id !== undefined && body.product_id !== null) {
    const id = Number(body.product_id);
    if (!Number.isInteger(id) || id <= 0) throw new AdminInputError('product_id must be a positive integer');
    event.product_id = id;
  }
  if (body.plan_id !== undefined && body.plan_id !== null) {
    if (typeof body.plan_id !== 'string' && typeof body.plan_id !== 'number')
      throw new AdminInputError('plan_id must be a string');
    event.plan_id = String(body.plan_id);
  }
  return event;
}
