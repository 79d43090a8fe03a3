/** Hook URLs as the dashboard shows them: any key, token, signature or password replaced. */

const REDACTED = '[redacted]';

const SECRET_PARAM = /^(?:api[_-]?key|apikey|key|token|access[_-]?token|secret|signature|sig|auth|password|pass)$/i;
// In free text (an error message): `name=value` pairs whose name looks secret.
const SECRET_PAIR =
  /([?&;\s](?:api[_-]?key|apikey|key|token|access[_-]?token|secret|signature|sig|auth|password|pass)=)[^&#\s"']*/gi;

/**
 * Redacts the password of `user:password@`, the values of secret-looking query parameters, and any
 * literal occurrence of the given secrets (the store's own API key). Text that is not a URL is
 * treated as free text.
 */
export function redactUrl(text: string, secrets: readonly string[] = []): string {
  let out = text;
  try {
    const url = new URL(text);
    if (url.password) url.password = REDACTED;
    for (const name of [...url.searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) url.searchParams.set(name, REDACTED);
    }
    // URLSearchParams encodes the brackets; the reader wants to see them.
    out = url.toString().replace(/%5Bredacted%5D/g, REDACTED);
  } catch {
    out = text.replace(SECRET_PAIR, `$1${REDACTED}`);
  }
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}
