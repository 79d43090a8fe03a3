/**
 * JSON as PHP's json_encode writes it (what WordPress sends): slashes escaped as `\/` and non-ASCII
 * as `\uXXXX`. Still valid JSON; it keeps clients honest about parsing instead of string matching.
 */
export function phpJsonEncode(value: unknown): string {
  return (JSON.stringify(value) ?? 'null')
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
