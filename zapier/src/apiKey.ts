import type { BeforeRequestMiddleware, Bundle, HttpRequestOptions } from 'zapier-platform-core';

/**
 * How a request of this app carries the store's API key in a header, in one place Zapier can see.
 *
 * zapier-platform-core's `getAuthTemplate` runs the app's `beforeRequest` with placeholder credentials
 * and reports what it adds, so Zapier's own request builders (AI Actions, MCP) learn that the store's
 * REST reads (operations 7 to 15) carry `x-api-key`. The shared client decides per operation where the
 * key goes (`shared/src/operations/catalogue.ts`); the transport passes that decision as
 * `KEY_HEADER_OPTION` and leaves the header itself to this middleware.
 */

/** A z.request option set by the transport on every request: `false` means "no key in a header". */
export const KEY_HEADER_OPTION = 'storeKeyInHeader' as const;

/** The header the store's REST API reads the key from. */
export const KEY_HEADER = 'x-api-key';

type KeyedOptions = HttpRequestOptions & { url: string; [KEY_HEADER_OPTION]?: boolean };

/** The connection's key, trimmed as the shared settings trim it. */
function connectionKey(bundle: Pick<Bundle, 'authData'>): string {
  const key: unknown = bundle.authData?.apiKey;
  return typeof key === 'string' ? key.trim() : '';
}

/**
 * Adds `x-api-key` unless the request says the operation takes the key elsewhere or not at all
 * (`KEY_HEADER_OPTION: false`: validate, subscribe and latest-orders put it in the query; delete,
 * products and plans, operations 3 to 5, take none). A request the app did not build (Zapier's own)
 * gets the header: that is the REST style the template describes.
 */
export const addApiKeyHeader: BeforeRequestMiddleware = (request, _z, bundle) => {
  const { [KEY_HEADER_OPTION]: inHeader, ...options } = request as KeyedOptions;
  const key = connectionKey(bundle);
  if (inHeader === false || key === '') return options;
  return { ...options, headers: { ...options.headers, [KEY_HEADER]: key } };
};
