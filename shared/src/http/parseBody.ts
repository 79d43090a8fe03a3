/**
 * Reads a store's body text as JSON, tolerating what WordPress sites put in front of it: a byte-order
 * mark, PHP notices or warnings (HTML or plain), stray whitespace.
 */

export type ParsedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'empty' }
  | { kind: 'html'; snippet: string }
  | { kind: 'invalid'; snippet: string };

const MAX_CANDIDATES = 20;
const PHP_NOISE = /\b(Notice|Warning|Deprecated)\b/i;

export function parseBody(text: string): ParsedBody {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return { kind: 'empty' };
  const direct = tryJson(trimmed);
  if (direct.ok) return { kind: 'json', value: direct.value };
  // A PHP notice or warning printed before the JSON: try the JSON that starts at a later line or tag end.
  const recovered = jsonAfterNoise(trimmed);
  if (recovered.ok) return { kind: 'json', value: recovered.value };
  const snippet = snippetOf(trimmed);
  return looksLikeHtml(trimmed) ? { kind: 'html', snippet } : { kind: 'invalid', snippet };
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function jsonAfterNoise(text: string): { ok: true; value: unknown } | { ok: false } {
  let tried = 0;
  const starts = /(?:^|\n|>)\s*([[{"])/g;
  for (let match = starts.exec(text); match && tried < MAX_CANDIDATES; match = starts.exec(text)) {
    tried += 1;
    const at = match.index + match[0].length - 1;
    const attempt = tryJson(text.slice(at).trim());
    if (attempt.ok && (typeof attempt.value === 'object' || PHP_NOISE.test(text.slice(0, at)))) return attempt;
    starts.lastIndex = at + 1;
  }
  return { ok: false };
}

function looksLikeHtml(text: string): boolean {
  return /^<(!doctype|html|head|body|\?xml|div|p|h1|title|br|b)\b/i.test(text) || /<\/(html|body|head)>/i.test(text);
}

/** The first part of an unreadable answer, with tags and runs of space folded, for error messages. */
function snippetOf(text: string, max = 120): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const plain = (title ?? text)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}
