/**
 * Where a request lands. WordPress serves REST routes at `{site}/wp-json/...` (pretty permalinks)
 * and always at `{site}/?rest_route=/...`; everything else is the site's pages.
 */
const NAMESPACE = '/sc/v1';
const ADMIN_ROOT = '/sandbox/v1';

export interface Addressing {
  /** e.g. `/wp-json/sc/v1` */
  apiRoot: string;
  /** The WordPress site's own path: '' at the domain root, `/store` in a sub-folder. */
  sitePath: string;
  /** The REST prefix before the namespace, e.g. `/wp-json`. */
  restPrefix: string;
}

export function makeAddressing(apiRoot: string): Addressing {
  const root = apiRoot.replace(/\/+$/, '');
  if (!root.startsWith('/') || !root.endsWith(NAMESPACE)) {
    throw new Error(`apiRoot must be a path ending with ${NAMESPACE}, got "${apiRoot}"`);
  }
  const restPrefix = root.slice(0, -NAMESPACE.length);
  return { apiRoot: root, restPrefix, sitePath: restPrefix.replace(/\/wp-json$/, '') };
}

export type Target = { kind: 'admin'; path: string } | { kind: 'api'; route: string } | { kind: 'page'; path: string };

/** WordPress drops the route's trailing slash before matching, so both spellings reach the same route. */
function untrailingslash(route: string): string {
  const trimmed = route.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * Where `url` lands. On plain permalinks WordPress does not read `/wp-json/…` as a route: behind nginx
 * (`try_files … /index.php`) and on Apache with WordPress's .htaccess it serves the front page, 200.
 */
export function resolveTarget(url: URL, addressing: Addressing, plainPermalinks: boolean): Target {
  const path = url.pathname;
  if (path === ADMIN_ROOT || path.startsWith(`${ADMIN_ROOT}/`)) return { kind: 'admin', path: untrailingslash(path) };
  const restRoute = url.searchParams.get('rest_route');
  const { sitePath, restPrefix } = addressing;
  const atSiteRoot = path === `${sitePath}/` || path === sitePath || path === `${sitePath}/index.php`;
  if (restRoute !== null && atSiteRoot) return { kind: 'api', route: untrailingslash(restRoute) };
  if (path === restPrefix || path.startsWith(`${restPrefix}/`)) {
    if (plainPermalinks) return { kind: 'page', path: `${sitePath}/` };
    return { kind: 'api', route: untrailingslash(path.slice(restPrefix.length)) };
  }
  return { kind: 'page', path };
}

/** Absolute URLs as the store writes them, built from the address the request reached. */
export class Links {
  constructor(
    readonly origin: string,
    private readonly addressing: Addressing,
    private readonly plainPermalinks: boolean,
  ) {}

  get site(): string {
    return `${this.origin}${this.addressing.sitePath}`;
  }

  /** WordPress's REST index, as the home page's `Link: <…>; rel="https://api.w.org/"` header names it. */
  get restIndex(): string {
    return this.plainPermalinks ? `${this.site}/?rest_route=/` : `${this.origin}${this.addressing.restPrefix}/`;
  }

  /** URL of a route inside the namespace, e.g. rest('/orders/5'), with optional query pairs. */
  rest(route: string, query: [string, string][] = []): string {
    const search = new URLSearchParams(query).toString();
    if (this.plainPermalinks) {
      return `${this.site}/index.php?rest_route=${NAMESPACE}${route}${search ? `&${search}` : ''}`;
    }
    return `${this.origin}${this.addressing.apiRoot}${route}${search ? `?${search}` : ''}`;
  }

  /** Site-relative path of a product page (`order_url`, docs/service/shapes.md#order). */
  productPath(slug: string): string {
    return `/products/${slug}/`;
  }

  productUrl(slug: string): string {
    return `${this.site}${this.productPath(slug)}`;
  }

  imageUrl(slug: string): string {
    return `${this.site}/wp-content/uploads/2022/09/${slug}.jpg`;
  }
}
