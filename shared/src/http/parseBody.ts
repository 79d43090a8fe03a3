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

/** The first part of an unreadable answer, as text (its title where it has one), for error messages. */
function snippetOf(text: string, max = 120): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  const plain = htmlToText(title ?? text);
  return plain.length > max ? `${plain.slice(0, max)}…` : plain;
}

/** The entities WordPress writes in titles and messages (`wptexturize`, `esc_html`), beside numeric ones. */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  middot: '·',
  bull: '•',
  copy: '©',
  reg: '®',
  trade: '™',
};

/**
 * HTML as the text a browser shows: tags dropped (a block's end becomes a space), entities decoded,
 * runs of space folded. WordPress puts HTML in page titles and in some REST messages (a critical error's).
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, name: string) => {
      const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : NaN;
      if (Number.isNaN(code)) return ENTITIES[name.toLowerCase()] ?? entity;
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
