import { phpJsonEncode } from './format/phpJson';
import { HTML_TYPE, JSON_TYPE, type Outgoing } from './http/outgoing';
import type { Faults } from './types';

/** The faults switched on now, with their `onlyPaths` and `times` bookkeeping. */
export class FaultSwitch {
  private current: Faults | null = null;
  private remaining: number | null = null;
  private matcher: RegExp | null = null;

  set(faults: Faults | null): void {
    this.current = faults ? { ...faults } : null;
    this.remaining = faults?.times ?? null;
    this.matcher = faults?.onlyPaths ? new RegExp(faults.onlyPaths) : null;
  }

  get(): Faults | null {
    return this.current ? { ...this.current, ...(this.remaining !== null ? { times: this.remaining } : {}) } : null;
  }

  /** The faults for one request to `route`, counting it against `times`. */
  take(route: string): Faults | null {
    const faults = this.current;
    if (!faults) return null;
    if (this.matcher && !this.matcher.test(route)) return null;
    if (this.remaining !== null) {
      this.remaining -= 1;
      if (this.remaining <= 0) this.set(null);
    }
    return faults;
  }
}

const MAINTENANCE_PAGE =
  '<!DOCTYPE html>\n<html lang="en-US">\n<head><meta charset="UTF-8"><title>Maintenance</title></head>\n' +
  '<body><h1>Briefly unavailable for scheduled maintenance. Check back in a minute.</h1></body>\n</html>\n';

const PHP_NOTICE =
  '<br />\n<b>Notice</b>:  Undefined index: sc_currency in <b>/var/www/html/wp-content/plugins/studiocart-pro/includes/functions.php</b> on line <b>2663</b><br />\n';

/** Faults that replace the answer altogether; null when the route answers as usual. */
export function faultAnswer(faults: Faults | null): Outgoing | null {
  if (!faults) return null;
  if (faults.rateLimit) {
    return {
      status: 429,
      headers: { 'Content-Type': JSON_TYPE, 'Retry-After': String(faults.rateLimit.retryAfterSeconds) },
      body: phpJsonEncode({
        code: 'too_many_requests',
        message: 'Too many requests. Please slow down.',
        data: { status: 429 },
      }),
    };
  }
  if (faults.serverError) {
    return {
      status: 500,
      headers: { 'Content-Type': JSON_TYPE },
      body: phpJsonEncode({
        code: 'internal_server_error',
        message:
          '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
        data: { status: 500 },
        additional_errors: [],
      }),
    };
  }
  if (faults.html)
    return { status: faults.html.status, headers: { 'Content-Type': HTML_TYPE }, body: MAINTENANCE_PAGE };
  return null;
}

/** Faults that reshape the answer's JSON value: the oddities of docs/service/real-stores.md#unreliable-answers. */
export function reshapeBody(value: unknown, faults: Faults | null): unknown {
  if (!faults) return value;
  let out = value;
  if (faults.dropEmptyFields) out = mapDeep(out, (entry) => entry, true);
  if (faults.stringNumbers) out = mapDeep(out, (entry) => (typeof entry === 'number' ? String(entry) : entry), false);
  if (faults.arrayForObject && out !== null && typeof out === 'object' && !Array.isArray(out)) out = [out];
  return out;
}

function mapDeep(value: unknown, leaf: (entry: unknown) => unknown, dropEmpty: boolean): unknown {
  if (Array.isArray(value)) return value.map((entry) => mapDeep(entry, leaf, dropEmpty));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, entry]) => !dropEmpty || (entry !== '' && entry !== null));
    return Object.fromEntries(entries.map(([key, entry]) => [key, mapDeep(entry, leaf, dropEmpty)]));
  }
  return leaf(value);
}

/** Faults that spoil a JSON answer on its way out. */
export function spoilBody(body: string, faults: Faults | null): string {
  if (!faults) return body;
  let out = body;
  if (faults.nullBody) out = 'null';
  if (faults.invalidJson) out = out.length > 1 ? out.slice(0, Math.ceil(out.length / 2)) : '{"';
  if (faults.phpNotice) out = PHP_NOTICE + out;
  if (faults.bom) out = `\uFEFF${out}`;
  return out;
}
