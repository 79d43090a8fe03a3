/**
 * Which situation (`../situations.ts`) a failure of the transport or an answer that is not the API's
 * is: Node's error codes, WordPress's error codes and pages, and what n8n's declarative credential test
 * can say from a status alone.
 */
import type { ParsedBody } from './parseBody';
import type { HttpResponse } from './transport';
import { SITUATIONS, type Situation } from '../situations';

/** The situations of a request that got no answer: what the Node error code says. */
export type NetworkSituation = Extract<
  Situation,
  | 'host-not-found'
  | 'connection-refused'
  | 'connection-reset'
  | 'certificate-expired'
  | 'certificate-self-signed'
  | 'certificate-chain'
  | 'certificate-name'
  | 'certificate-invalid'
  | 'no-https'
>;

/** Node error codes (node-fetch and axios copy them) and the situation each stands for. */
export const NETWORK_CODES: Record<string, NetworkSituation> = {
  ENOTFOUND: 'host-not-found',
  EAI_AGAIN: 'host-not-found',
  EAI_NONAME: 'host-not-found',
  ECONNREFUSED: 'connection-refused',
  EHOSTUNREACH: 'connection-refused',
  ENETUNREACH: 'connection-refused',
  ECONNRESET: 'connection-reset',
  EPIPE: 'connection-reset',
  CERT_HAS_EXPIRED: 'certificate-expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificate-self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificate-self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate-chain',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate-chain',
  UNABLE_TO_GET_ISSUER_CERT: 'certificate-chain',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate-name',
  CERT_NOT_YET_VALID: 'certificate-invalid',
  CERT_REVOKED: 'certificate-invalid',
  CERT_UNTRUSTED: 'certificate-invalid',
  CERT_SIGNATURE_FAILURE: 'certificate-invalid',
  // An https:// request to a server that speaks plain HTTP on that port (`describeTransportFailure`
  // gives Node's http(s) EPROTO "wrong version number" this code, as Node's fetch does).
  ERR_SSL_WRONG_VERSION_NUMBER: 'no-https',
  EPROTO: 'certificate-invalid',
};

/** The situation a Node error code (`ENOTFOUND`, `CERT_HAS_EXPIRED`, …) stands for; any other is a reset. */
export function networkSituation(code: string | undefined): NetworkSituation {
  return (code && NETWORK_CODES[code]) || 'connection-reset';
}

/** Codes of plugins and settings that close the whole REST API to visitors (the key is not the problem). */
const REST_RESTRICTED_CODES = new Set([
  'rest_login_required',
  'rest_cannot_access',
  'rest_not_logged_in',
  'rest_disabled',
  'rest_api_disabled',
]);

/** A WordPress error body's code and message (`{code, message, data}`), where the answer is one. */
export interface WordPressAnswer {
  code?: string;
  message?: string;
}

const CHALLENGE_PAGE = /just a moment\.\.\.|challenge-platform|cf-chl-|attention required!/i;
const CHALLENGE_TITLE = /just a moment\.\.\.|attention required!/i;
const FIREWALL_PAGE = /wordfence|mod_?security|sucuri website firewall|request rejected|not acceptable!/i;
const MAINTENANCE_TEXT = /maintenance|briefly unavailable/i;
/** A maintenance or coming-soon plugin's page, by its title (such plugins may answer 200). */
const MAINTENANCE_TITLE = /maintenance|briefly unavailable|coming soon/i;

/**
 * The situation a non-2xx or non-JSON answer stands for, where it is more than its status: a site in
 * front of WordPress, a plugin, WordPress without the API. `undefined`: the status says it (a wrong
 * key, an unknown record, a bad parameter) and `responseError` tells it.
 */
export function httpSituation(response: HttpResponse, parsed: ParsedBody, wp: WordPressAnswer): Situation | undefined {
  const { status, headers } = response;
  const page = parsed.kind === 'html' || parsed.kind === 'invalid' ? response.body.slice(0, 20_000) : '';
  // A refusal's page is read whole; a 200 page only by its title: an ordinary page may load Cloudflare's
  // challenge script, or name Wordfence or maintenance in its text.
  const refused = status >= 400;
  const title = parsed.kind === 'html' || parsed.kind === 'invalid' ? parsed.snippet : '';
  if (status === 401 && /^\s*(basic|digest)\b/i.test(headers['www-authenticate'] ?? '')) return 'site-password';
  const challenged = page !== '' && (refused ? CHALLENGE_PAGE.test(page) : CHALLENGE_TITLE.test(title));
  if (headers['cf-mitigated'] === 'challenge' || challenged) return 'bot-challenge';
  if (status === 406 || (page && refused && FIREWALL_PAGE.test(page))) return 'firewall';
  if ((status === 401 || status === 403) && wp.code && REST_RESTRICTED_CODES.has(wp.code)) return 'rest-restricted';
  if (status === 500 && /there has been a critical error/i.test(response.body.slice(0, 20_000))) {
    return 'critical-error';
  }
  if (page && (status === 503 ? MAINTENANCE_TEXT.test(page) : MAINTENANCE_TITLE.test(title))) return 'maintenance';
  // WordPress's own maintenance (`.maintenance`) for a client that asks for JSON: `wp_die` as JSON.
  if (status === 503 && wp.code === 'wp_die' && MAINTENANCE_TEXT.test(wp.message ?? '')) return 'maintenance';
  if (status === 404 && wp.code === 'rest_no_route') return 'no-studiocart';
  if (status === 404 && parsed.kind === 'html') return 'not-wordpress';
  if (parsed.kind === 'html') return 'web-page';
  if (parsed.kind === 'invalid') return 'not-json';
  return undefined;
}

/** A situation as one sentence pair: "What happened. What to do." */
function sayOf(situation: Situation): string {
  const { summary, hint } = SITUATIONS[situation];
  return `${summary.charAt(0).toUpperCase()}${summary.slice(1)}. ${hint}`;
}

/**
 * What a connection test that sees only the HTTP status can say (n8n's declarative credential test):
 * for each status, its most frequent situation, and where one status stands for several, the fix of
 * each in one sentence. A node's first run tells the exact one (its error is the shared client's).
 */
export const STATUS_ANSWERS: readonly { status: number; situations: readonly Situation[]; message: string }[] = [
  ...[301, 302, 307, 308].map((status) => ({
    status,
    situations: ['site-moved'] as const,
    message: sayOf('site-moved'),
  })),
  {
    status: 401,
    situations: ['wrong-key', 'rest-restricted', 'site-password'],
    message:
      'The store refused the request: the API key is wrong, or a plugin or a site password closes the REST API. Copy the key again from Studiocart → Settings; if it is right, run a Commerce Service node once: its error names the plugin or the password.',
  },
  {
    status: 403,
    situations: ['rest-restricted', 'bot-challenge', 'firewall'],
    message:
      'The site refused the request (HTTP 403) for one of three reasons: a plugin closes the REST API to visitors (Disable REST API, a security plugin), a CDN bot challenge (Cloudflare "Just a moment...") answered instead of the site, or a firewall (Wordfence, ModSecurity) blocked it. Allow the sc/v1 namespace in that plugin, or let /wp-json/ and ?rest_route= through the CDN or firewall (a Cloudflare rule that skips the challenge, a Wordfence allow-listed URL); a Commerce Service node\'s error names which one it is.',
  },
  {
    status: 404,
    situations: ['no-studiocart', 'studiocart-without-api', 'old-studiocart', 'not-wordpress'],
    message:
      "No Studiocart API at this address. If it is your WordPress site, Studiocart is not active, or its free edition is, which has no API: in WordPress admin → Plugins, activate Studiocart Pro (the edition with the API) or update it. If it is not, enter your WordPress site's address (Settings → General → Site Address).",
  },
  { status: 406, situations: ['firewall'], message: sayOf('firewall') },
  { status: 500, situations: ['critical-error'], message: sayOf('critical-error') },
  { status: 503, situations: ['maintenance'], message: sayOf('maintenance') },
];
