/**
 * Why a store could not be used, as one cause and one fix. Every failure of the transport or of an
 * answer that is not the API's is told as one of these situations (`classify*` below); the typed
 * errors carry it (`CommerceServiceError.situation`), and both READMEs' Troubleshooting tables are
 * this table (held to it by a test). The store's host starts every message (`errors.ts`).
 */
import type { ParsedBody } from './parseBody';
import type { HttpResponse } from './transport';

export interface SituationText {
  /** What happened, completing "<operation> failed on <host>: …". */
  summary: string;
  /** The one thing to do about it. */
  hint: string;
}

/** Every situation a connection can meet, with its message: the Troubleshooting table, row by row. */
export const SITUATIONS = {
  'host-not-found': {
    summary: 'no site has this name (the DNS lookup found nothing)',
    hint: 'Check the spelling of the Store URL: it is the Site Address in WordPress admin → Settings → General.',
  },
  'connection-refused': {
    summary: 'the server refused the connection (nothing listens at this address and port)',
    hint: 'Check that the site is online and that the Store URL has the right scheme and port (https://, no :8080 unless the site uses it).',
  },
  'connection-reset': {
    summary: 'the connection was cut before the site answered',
    hint: "Try again; if it keeps happening, ask your host whether a firewall drops requests from automation services' servers.",
  },
  timeout: {
    /** `<n>`: the time a request had, written in by the pipeline. */
    summary: 'the store did not answer within <n> seconds',
    hint: 'The site may be slow or down: open it in a browser, then try again.',
  },
  'certificate-expired': {
    summary: "the site's HTTPS certificate has expired",
    hint: 'Renew the certificate (at your host, or in your SSL plugin), then test again.',
  },
  'certificate-self-signed': {
    summary: "the site's HTTPS certificate is self-signed, so no one vouches for it",
    hint: "Install a certificate from a trusted authority (Let's Encrypt is free at most hosts).",
  },
  'certificate-chain': {
    summary: "the site's HTTPS certificate chain is incomplete (an intermediate certificate is missing)",
    hint: 'Ask your host to install the full certificate chain (the intermediate certificate with the certificate).',
  },
  'certificate-name': {
    summary: "the site's HTTPS certificate is for another name",
    hint: 'Use the address the certificate is for (with or without www), or have the certificate cover this name.',
  },
  'certificate-invalid': {
    summary: "the site's HTTPS certificate could not be trusted",
    hint: 'Check the certificate in a browser (the padlock), and renew or replace it at your host.',
  },
  'site-moved': {
    summary: 'the site sends its visitors to another address',
    hint: 'Enter the address it sends them to as the Store URL (the Site Address in WordPress admin → Settings → General).',
  },
  'site-password': {
    summary: 'the site asks for a password before WordPress answers (HTTP authentication, common on staging sites)',
    hint: "Lift the password for /wp-json/ in your host's settings (or .htaccess), or connect the live site.",
  },
  'bot-challenge': {
    summary: 'a CDN answered with a bot challenge instead of the site',
    hint: 'In Cloudflare (or your CDN), add a rule that skips the challenge for /wp-json/, or turn off Bot Fight Mode.',
  },
  firewall: {
    summary: 'a web application firewall (ModSecurity, Wordfence or the like) blocked the request',
    hint: 'Allow-list /wp-json/sc/v1 in the firewall (Wordfence → Firewall → Allowlisted URLs), or ask your host to.',
  },
  'rest-restricted': {
    summary: 'a plugin or setting restricts the WordPress REST API to logged-in users',
    hint: 'In that plugin (Disable REST API, a security or performance plugin), allow the sc/v1 namespace, then test again.',
  },
  maintenance: {
    summary: 'the site is in maintenance mode',
    hint: "Wait until maintenance ends, or turn maintenance mode off; a leftover .maintenance file in WordPress's folder keeps it on.",
  },
  'old-studiocart': {
    summary: "Studiocart's API (sc/v1) is there, but without this route (an older version, or an edition without it)",
    hint: 'Update Studiocart to its latest version (an edition with the API) in WordPress admin → Plugins.',
  },
  'wrong-api-root': {
    summary: "nothing answers at this API Root, but Studiocart's API is on this site",
    hint: 'Leave API Root empty: the API is found from the Store URL.',
  },
  'no-studiocart': {
    summary: "WordPress answers, but Studiocart's API (sc/v1) is not there",
    hint: 'In WordPress admin → Plugins, activate Studiocart (an edition and version with the API), or update it.',
  },
  'not-wordpress': {
    summary: 'no WordPress REST API answers at this address',
    hint: 'Enter the address of your WordPress site: the Site Address in WordPress admin → Settings → General.',
  },
  'wrong-key': {
    summary: 'the store did not accept the API key',
    hint: 'Copy the API key again from the Studiocart settings in your WordPress admin and update the connection.',
  },
  'critical-error': {
    summary: 'WordPress had a critical error (PHP)',
    hint: "Read the PHP error log (or wp-content/debug.log) and the recovery-mode e-mail WordPress sent to the site's admin address.",
  },
  'web-page': {
    summary: 'the site answered with a web page instead of the API',
    hint: 'A caching or security plugin answers for the API: exclude /wp-json/ (and ?rest_route=) from its pages and caching.',
  },
  'not-json': {
    summary: "the store's answer is not valid JSON",
    hint: 'A plugin or theme prints output (PHP notices) into API answers: turn off WP_DEBUG_DISPLAY, or check the error log.',
  },
} as const satisfies Record<string, SituationText>;

export type Situation = keyof typeof SITUATIONS;

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
  ERR_SSL_WRONG_VERSION_NUMBER: 'certificate-invalid',
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

/**
 * The situation a non-2xx or non-JSON answer stands for, where it is more than its status: a site in
 * front of WordPress, a plugin, WordPress without the API. `undefined`: the status says it (a wrong
 * key, an unknown record, a bad parameter) and `responseError` tells it.
 */
export function httpSituation(
  response: HttpResponse,
  parsed: ParsedBody,
  wordPressCode: string | undefined,
): Situation | undefined {
  const { status, headers } = response;
  const page = parsed.kind === 'html' || parsed.kind === 'invalid' ? response.body.slice(0, 20_000) : '';
  if (status === 401 && /^\s*(basic|digest)\b/i.test(headers['www-authenticate'] ?? '')) return 'site-password';
  if (
    headers['cf-mitigated'] === 'challenge' ||
    (page && /just a moment\.\.\.|challenge-platform|cf-chl-|attention required!/i.test(page))
  )
    return 'bot-challenge';
  if (
    status === 406 ||
    (page && /wordfence|mod_?security|sucuri website firewall|request rejected|not acceptable!/i.test(page))
  )
    return 'firewall';
  if ((status === 401 || status === 403) && wordPressCode && REST_RESTRICTED_CODES.has(wordPressCode))
    return 'rest-restricted';
  if (status === 500 && /there has been a critical error/i.test(response.body.slice(0, 20_000))) {
    return 'critical-error';
  }
  if (page && /maintenance|briefly unavailable/i.test(page)) return 'maintenance';
  if (status === 404 && wordPressCode === 'rest_no_route') return 'no-studiocart';
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
    situations: ['bot-challenge', 'firewall'],
    message:
      'A CDN bot challenge (Cloudflare "Just a moment...") or a firewall (Wordfence, ModSecurity) answered instead of the site. Let /wp-json/ and ?rest_route= through in it (a Cloudflare rule that skips the challenge, a Wordfence allow-listed URL).',
  },
  {
    status: 404,
    situations: ['no-studiocart', 'not-wordpress'],
    message:
      "No Studiocart API at this address. If it is your WordPress site, activate Studiocart (an edition and version with the API) in WordPress admin → Plugins; if not, enter your WordPress site's address (Settings → General → Site Address).",
  },
  { status: 406, situations: ['firewall'], message: sayOf('firewall') },
  { status: 500, situations: ['critical-error'], message: sayOf('critical-error') },
  { status: 503, situations: ['maintenance'], message: sayOf('maintenance') },
];
