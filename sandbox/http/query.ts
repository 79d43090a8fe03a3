/**
 * Query strings read the way PHP reads them (WordPress sees `$_GET`): a repeated plain key keeps its
 * last value, `key[]=a&key[]=b` makes a list and `key[x]=a` a map.
 */
export type ParamMap = Record<string, unknown>;

export function parsePhpQuery(search: string): ParamMap {
  const out: ParamMap = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = decode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : decode(part.slice(eq + 1));
    const bracket = /^([^[\]]+)\[([^[\]]*)\]$/.exec(rawKey);
    if (!bracket) {
      out[rawKey] = value;
      continue;
    }
    const [, key, index] = bracket;
    if (index === '') {
      const list = Array.isArray(out[key]) ? (out[key] as unknown[]) : [];
      list.push(value);
      out[key] = list;
    } else {
      const existing = out[key];
      const map = existing !== null && typeof existing === 'object' ? (existing as Record<string, unknown>) : {};
      map[index] = value;
      out[key] = Array.isArray(existing) ? Object.assign([...existing], map) : map;
    }
  }
  return out;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The raw pairs of a query, for rebuilding URLs (the Link header keeps the caller's query). */
export function queryPairs(search: string): [string, string][] {
  return [...new URLSearchParams(search)];
}
