import type { BeforeRequestMiddleware, Bundle, HttpRequestOptions } from 'zapier-platform-core';
import { API_KEY_HEADER, type AuthStyle } from '@commerce-service/shared';

/**
 * How a request of this app carries the store's API key in a header, in one place Zapier can see.
 *
 * zapier-platform-core's `getAuthTemplate` runs the app's `beforeRequest` with placeholder credentials
 * and reports what it adds, so Zapier's own request builders (AI Actions, MCP) learn that the store's
 * REST reads carry `x-api-key`. The catalogue (`shared/src/operations/catalogue.ts`) says how each
 * operation authenticates; the transport passes that on as `AUTH_OPTION` and leaves the header to this
 * middleware.
 */

/** A z.request option set by the transport on every request: the operation's auth style. */
export const AUTH_OPTION = 'storeAuth' as const;

type AuthOptions = HttpRequestOptions & { url: string; [AUTH_OPTION]?: AuthStyle };

/** The connection's key, trimmed as the shared settings trim it. */
function connectionKey(bundle: Pick<Bundle, 'authData'>): string {
  const key: unknown = bundle.authData?.apiKey;
  return typeof key === 'string' ? key.trim() : '';
}

/**
 * Adds `x-api-key` to a request whose operation takes the key in a header. A request the app did not
 * build (Zapier's own) gets it too: that is the REST style the template describes. The transport has
 * already put a query-style key in the query.
 */
export const addApiKeyHeader: BeforeRequestMiddleware = (request, _z, bundle) => {
  const { [AUTH_OPTION]: auth = 'header', ...options } = request as AuthOptions;
  const key = connectionKey(bundle);
  if (auth !== 'header' || key === '') return options;
  return { ...options, headers: { ...options.headers, [API_KEY_HEADER]: key } };
};
