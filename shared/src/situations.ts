/**
 * Why a store could not be used, as one cause and one fix: the words of each situation. The typed errors
 * carry one (`CommerceServiceError.situation`, `errors.ts`), `http/situations.ts` tells which from a
 * failure or an answer, and both READMEs' Troubleshooting tables are this table (held to it by a test).
 * The store's host starts every message (`errors.ts`).
 */
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
  'no-https': {
    summary: 'the site does not answer over HTTPS at this address',
    hint: "Enter the Store URL with http:// (for example http://shop.example.com), or give the site an HTTPS certificate (Let's Encrypt is free at most hosts).",
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
    hint: 'Update Studiocart Pro to its latest version in WordPress admin → Plugins.',
  },
  'studiocart-without-api': {
    summary: 'Studiocart is active, but its edition has no API (sc/v1): the free edition has none',
    hint: 'Install and activate Studiocart Pro, the edition with the API, in WordPress admin → Plugins, then test again.',
  },
  'wrong-api-root': {
    summary: "nothing answers at this API Root, but Studiocart's API is on this site",
    hint: 'Leave API Root empty: the API is found from the Store URL.',
  },
  'no-studiocart': {
    summary: "WordPress answers, but Studiocart's API (sc/v1) is not there",
    hint: 'In WordPress admin → Plugins, activate Studiocart Pro (the edition with the API; the free edition has none), or update it.',
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
