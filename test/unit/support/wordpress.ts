/** The WordPress REST error body real stores send: `{ code, message, data: { status } }`. */
export function wpError(code: string, message: string, status: number): Record<string, unknown> {
  return { code, message, data: { status } };
}
