import type { Links } from '../addressing';
import { HTML_TYPE, type Outgoing } from '../http/outgoing';
import type { Store } from '../store/store';

/** The WordPress site around the API: a home page, product pages, and WordPress's 404 page for the rest. */
const page = (status: number, title: string, body: string): Outgoing => ({
  status,
  headers: { 'Content-Type': HTML_TYPE },
  body: `<!DOCTYPE html>\n<html lang="en-US">\n<head><meta charset="UTF-8"><title>${title}</title></head>\n<body>${body}</body>\n</html>\n`,
});

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitePage(path: string, sitePath: string, store: Store, links: Links): Outgoing {
  if (path === `${sitePath}/` || path === sitePath || (sitePath === '' && path === '')) {
    const list = store.products
      .map((p) => `<li><a href="${links.productUrl(p.slug)}">${escapeHtml(p.name)}</a></li>`)
      .join('');
    // WordPress names its REST API on every page; clients find the API from the site address with it.
    const home = page(200, 'Sandbox Store', `<h1>Sandbox Store</h1><ul>${list}</ul>`);
    return { ...home, headers: { ...home.headers, Link: `<${links.restIndex}>; rel="https://api.w.org/"` } };
  }
  const match = /^\/products\/([a-z0-9-]+)\/?$/.exec(path.slice(sitePath.length));
  const product = match ? store.products.find((p) => p.slug === match[1]) : undefined;
  if (product)
    return page(
      200,
      escapeHtml(product.name),
      `<h1>${escapeHtml(product.name)}</h1><p>${escapeHtml(product.description)}</p>`,
    );
  return page(404, 'Page not found – Sandbox Store', '<h1>Oops! That page can&rsquo;t be found.</h1>');
}
