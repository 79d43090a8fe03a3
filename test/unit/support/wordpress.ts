/** The WordPress REST error body real stores send: `{ code, message, data: { status } }`. */
export function wpError(code: string, message: string, status: number): Record<string, unknown> {
  return { code, message, data: { status } };
}

/** What WordPress answers when it does not accept the API key (401, or 403 on some hosts). */
export function keyRefused(status = 401): Record<string, unknown> {
  return wpError('rest_forbidden_context', 'Sorry, you cannot view this resource.', status);
}
