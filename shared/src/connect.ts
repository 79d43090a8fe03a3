/**
 * The connection test both platforms run: `POST webhook/validate/` with the key (finding the API as
 * `discovery.ts` does), and where the first answer leaves the cause open, at most two more requests to
 * tell it: WordPress's REST index (`/wp-json/`, which lists its namespaces and routes: `restIndex.ts`),
 * the site's home page (whose `Link: <…>; rel="https://api.w.org/"` header names the REST API's
 * address), or, when an https:// address got no answer, the same site over http://.
 */
import type { CommerceServiceClient } from './client';
import { type CommerceServiceError, SiteMovedError, isCommerceServiceError } from './errors';
import { toldOverPlainHttp } from './plainHttp';
import { contextOf, indexAnswer, retold, toldByIndex } from './restIndex';
import { SITUATIONS } from './situations';
import type { HttpResponse } from './http/transport';

/** What a connection that works reached: the connection's label, and which address answered. */
export interface ConnectionReport {
  /** Host and sub-folder, for the connection's label. */
  store: string;
  /** The Store URL that answered: the one typed, or the site's canonical address. */
  storeUrl: string;
  /** The API root that answered: `/wp-json/sc/v1`, or `?rest_route=/sc/v1` on plain permalinks. */
  apiRoot: string;
  /** The address of the API the test used, in one line. */
  address: string;
}

const LOOK = 'Test the connection';
/** WordPress's REST link relation: the home page's `Link` header names the REST index with it. */
const API_LINK = /<([^>]+)>\s*;\s*rel="?https:\/\/api\.w\.org\/"?/i;

/** Runs the whole test; a failure is one `CommerceServiceError` with one cause and one fix. */
export async function testConnection(client: CommerceServiceClient): Promise<ConnectionReport> {
  try {
    await client.validateKey();
  } catch (error) {
    throw isCommerceServiceError(error) ? await explain(client, error) : error;
  }
  const { label, baseUrl, apiRootText } = client.store;
  return {
    store: label,
    storeUrl: baseUrl,
    apiRoot: apiRootText,
    address: apiRootText.startsWith('?') ? `${baseUrl}/${apiRootText}` : `${baseUrl}${apiRootText}`,
  };
}

/** The failure told more exactly where one more look can tell it; the failure itself where it cannot. */
async function explain(client: CommerceServiceClient, error: CommerceServiceError): Promise<CommerceServiceError> {
  try {
    switch (error.situation) {
      case 'no-studiocart':
        return await toldByIndex(client, error);
      case 'wrong-key':
        // Studiocart's own refusal names the key; any other is told by whether the index is closed too.
        return error.code !== 'rest_forbidden_context' && (await indexClosed(client))
          ? retold(error, 'rest-restricted')
          : error;
      case 'not-wordpress':
        return elsewhere(error, await homePage(client), client.store.baseUrl) ?? error;
      case 'connection-refused':
      case 'connection-reset':
        return await toldOverPlainHttp(client, error);
      default:
        return error;
    }
  } catch {
    // A look that failed tells nothing more: the test's own answer stands.
    return error;
  }
}

async function indexClosed(client: CommerceServiceClient): Promise<boolean> {
  const { status } = await indexAnswer(client, LOOK);
  return status === 401 || status === 403;
}

async function homePage(client: CommerceServiceClient): Promise<HttpResponse> {
  return await client.look(`${client.store.baseUrl}/`, {}, LOOK);
}

/**
 * Where the home page says the site is: a redirect, or WordPress's REST link at another address (a
 * sub-folder, another host). Nothing when it names no other place.
 */
function elsewhere(error: CommerceServiceError, home: HttpResponse, baseUrl: string): SiteMovedError | undefined {
  const moved = home.status >= 300 && home.status < 400 ? home.headers.location : undefined;
  const linked = API_LINK.exec(home.headers.link ?? '')?.[1];
  const target = siteOf(moved ?? linked, `${baseUrl}/`);
  if (!target || target === baseUrl) return undefined;
  const { summary, hint } = SITUATIONS['site-moved'];
  return new SiteMovedError({ ...contextOf(error), situation: 'site-moved' }, `${summary} (${target})`, hint, target);
}

/** The site's address in a URL of it: the REST index's URL without `/wp-json/…` or `?rest_route=`. */
function siteOf(url: string | undefined, base: string): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, base);
    const path = parsed.pathname.replace(/\/wp-json(\/.*)?$/, '').replace(/\/(index\.php)?$/, '');
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return undefined;
  }
}
