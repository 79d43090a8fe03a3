/** Secrets never leave in a message, a log line or a URL shown to anyone. */

const SECRET_QUERY_KEYS = /([?&](?:api_key|apikey|key|token)=)[^&#\s"']*/gi;

const REDACTED = '[redacted]';

/** Replaces the API key in any query string inside `text`, and any literal occurrence of `secrets`. */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text.replace(SECRET_QUERY_KEYS, `$1${REDACTED}`);
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  return out;
}
