/** WordPress REST errors: `{code, message, data: {status, ...}}`, with the codes WordPress and Studiocart use. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

export const noRoute = (): RestError =>
  new RestError(404, 'rest_no_route', 'No route was found matching the URL and request method.');

/** 401 for a missing or wrong key; WordPress says 403 when a logged-in session cookie came along. */
export const forbidden = (loggedIn: boolean): RestError =>
  new RestError(loggedIn ? 403 : 401, 'rest_forbidden_context', 'Sorry, you cannot view this resource.');

export const invalidId = (): RestError => new RestError(404, 'sc_rest_invalid_id', 'Invalid resource ID.');

export const invalidParams = (reasons: Record<string, string>): RestError =>
  new RestError(400, 'rest_invalid_param', `Invalid parameter(s): ${Object.keys(reasons).join(', ')}`, {
    params: reasons,
  });

export const missingParams = (names: string[]): RestError =>
  new RestError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, { params: names });

export const invalidJsonBody = (detail: string): RestError =>
  new RestError(400, 'rest_invalid_json', 'Invalid JSON body passed.', {
    json_error_code: 4,
    json_error_message: detail,
  });

export const invalidHandler = (): RestError =>
  new RestError(500, 'rest_invalid_handler', 'The handler for the route is invalid.');
