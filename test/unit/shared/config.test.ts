import { CommerceServiceError, ConfigurationError, endpoint, resolveStore } from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { KEY, storeFor, stubTransport, thrown } from '../support/shared';

/** The base URL a typed Store URL becomes (read before the key, so its errors are the URL's). */
const normaliseStoreUrl = (typed: string): string => resolveStore({ storeUrl: typed, apiKey: KEY }).baseUrl;

/** The API root a typed value becomes, for a store at the site's root. */
const parseApiRoot = (input: string | undefined) =>
  resolveStore({ storeUrl: 'https://shop.example.com', apiKey: KEY, apiRoot: input }).apiRoot;

describe('normaliseStoreUrl: what people type becomes one base URL', () => {
  it.each([
    ['shop.example.com', 'https://shop.example.com'],
    ['  shop.example.com  ', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['https://shop.example.com///', 'https://shop.example.com'],
    ['HTTPS://Shop.Example.COM', 'https://shop.example.com'],
    ['//shop.example.com', 'https://shop.example.com'],
    ['https://example.com/store', 'https://example.com/store'],
    ['https://example.com/store/', 'https://example.com/store'],
    ['example.com/store', 'https://example.com/store'],
    ['https://shop.example.com/?utm_source=mail#top', 'https://shop.example.com'],
    ['http://shop.example.com', 'http://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
  ])('%j -> %s', (typed, expected) => {
    expect(normaliseStoreUrl(typed)).toBe(expected);
  });

  it.each([
    ['https://shop.example.com/wp-admin/', 'https://shop.example.com'],
    ['https://shop.example.com/wp-admin/admin.php?page=sc-admin', 'https://shop.example.com'],
    ['shop.example.com/wp-json/', 'https://shop.example.com'],
    ['https://shop.example.com/wp-json/sc/v1/customers', 'https://shop.example.com'],
    ['https://example.com/store/wp-json/sc/v1', 'https://example.com/store'],
    ['https://example.com/store/wp-admin/options-general.php', 'https://example.com/store'],
    ['https://shop.example.com/wp-login.php', 'https://shop.example.com'],
    ['https://example.com/store/index.php?rest_route=/sc/v1', 'https://example.com/store'],
  ])('drops a pasted WordPress tail: %j -> %s', (typed, expected) => {
    expect(normaliseStoreUrl(typed)).toBe(expected);
  });

  it.each([
    ['http://localhost', 'http://localhost'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['http://localhost:8080/wordpress/wp-admin/', 'http://localhost:8080/wordpress'],
    ['http://127.0.0.1:8881', 'http://127.0.0.1:8881'],
  ])('keeps http for a local site: %j -> %s', (typed, expected) => {
    expect(normaliseStoreUrl(typed)).toBe(expected);
  });

  it.each([
    ['', 'it is empty'],
    ['   ', 'it is empty'],
    ['shop example.com', 'it contains spaces'],
    ['https://shop.example.com/my store', 'it contains spaces'],
    ['ftp://shop.example.com', 'ftp: is not http or https'],
    ['file:///etc/passwd', 'file: is not http or https'],
    ['https://shop', '"shop" is not a host name'],
    ['localhostx', '"localhostx" is not a host name'],
    ['https://shop_example.com', '"shop_example.com" is not a host name'],
    ['https://user:pass@shop.example.com', 'it contains a user name or password'],
    ['user@shop.example.com', 'it contains a user name or password'],
    ['https://', 'it cannot be read as a web address'],
  ])('rejects %j (%s) with a ConfigurationError', (typed, why) => {
    const error = thrown(() => normaliseStoreUrl(typed));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toBeInstanceOf(CommerceServiceError);
    expect(error.kind).toBe('configuration');
    expect(error.name).toBe('ConfigurationError');
    expect(error.operation).toBe('Connect to the store');
    expect(error.summary).toContain(why);
    expect(error.message).toContain('is not a store URL');
    expect(error.message).toContain(why);
    // The hint says what a valid value looks like.
    expect(error.hint).toContain('https://shop.example.com');
    expect(error.message).toContain(error.hint);
  });

  it('names an empty URL as "(empty)" and starts the message with the operation', () => {
    const error = thrown(() => normaliseStoreUrl(''));
    expect(error.store).toBe('(empty)');
    expect(error.message).toMatch(
      /^Connect to the store failed on \(empty\): "" is not a store URL \(it is empty\)\. /,
    );
  });

  it('does not repeat a password typed into the URL', () => {
    const error = thrown(() => normaliseStoreUrl('https://admin:hunter2secret@shop.example.com'));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.message).toContain(
      '"https://***@shop.example.com" is not a store URL (it contains a user name or password)',
    );
    expect(error.message).not.toContain('hunter2secret');
    expect(error.store).not.toContain('hunter2secret');
    expect(JSON.stringify(error)).not.toContain('hunter2secret');
  });
});

describe('parseApiRoot', () => {
  it.each([undefined, '', '   '])('defaults %j to /wp-json/sc/v1', (input) => {
    expect(parseApiRoot(input)).toEqual({ style: 'path', prefix: '/wp-json/sc/v1' });
  });

  it.each([
    ['/wp-json/sc/v1', '/wp-json/sc/v1'],
    ['/wp-json/sc/v1/', '/wp-json/sc/v1'],
    ['wp-json/sc/v1', '/wp-json/sc/v1'],
    ['/api/sc/v1', '/api/sc/v1'],
    ['//custom-rest/sc/v1//', '/custom-rest/sc/v1'],
    ['https://shop.example.com/wp-json/sc/v1/', '/wp-json/sc/v1'],
    ['http://localhost:8080/api/sc/v1', '/api/sc/v1'],
  ])('path root %j -> %s', (input, prefix) => {
    expect(parseApiRoot(input)).toEqual({ style: 'path', prefix });
  });

  it.each([
    ['?rest_route=/sc/v1', '/sc/v1'],
    ['?rest_route=/sc/v1/', '/sc/v1'],
    ['/?rest_route=/sc/v1', '/sc/v1'],
    ['index.php?rest_route=/sc/v1', '/sc/v1'],
    ['/index.php?rest_route=sc/v1', '/sc/v1'],
    ['?rest_route=%2Fsc%2Fv1', '/sc/v1'],
    ['https://shop.example.com/?rest_route=/sc/v1', '/sc/v1'],
    ['https://shop.example.com/index.php?foo=1&rest_route=/sc/v1#x', '/sc/v1'],
  ])('rest_route root %j -> %s', (input, route) => {
    expect(parseApiRoot(input)).toEqual({ style: 'rest_route', route });
  });

  it.each([
    '/',
    '///',
    '/wp json/sc/v1',
    '/wp-json/sc/v1#top',
    'https://',
    '?rest_route=',
    '/?rest_route=/',
    '?rest_route=%E0%A4%A',
  ])('rejects %j with a ConfigurationError that names it and the default', (input) => {
    const error = thrown(() => parseApiRoot(input));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.store).toBe('shop.example.com');
    expect(error.message).toContain(`"${input}" is not an API root`);
    expect(error.hint).toContain('/wp-json/sc/v1');
    expect(error.hint).toContain('?rest_route=/sc/v1');
  });
});

describe('resolveStore', () => {
  it('gives base URL, label, root and trimmed key', () => {
    expect(resolveStore({ storeUrl: 'https://example.com/store/', apiKey: `  ${KEY}\n` })).toEqual({
      baseUrl: 'https://example.com/store',
      label: 'example.com/store',
      apiRoot: { style: 'path', prefix: '/wp-json/sc/v1' },
      apiRootText: '/wp-json/sc/v1',
      apiKey: KEY,
    });
  });

  it('labels a local store with its port and no scheme', () => {
    expect(resolveStore({ storeUrl: 'http://localhost:8080', apiKey: KEY }).label).toBe('localhost:8080');
  });

  it.each(['', '   ', undefined])('rejects a missing API key (%j)', (apiKey) => {
    const error = thrown(() => resolveStore({ storeUrl: 'shop.example.com', apiKey: apiKey as unknown as string }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.store).toBe('shop.example.com');
    expect(error.message).toContain('no API key is set');
    expect(error.hint).toContain('API key');
  });

  it('checks the Store URL before the key', () => {
    const error = thrown(() => resolveStore({ storeUrl: '', apiKey: '' }));
    expect(error.message).toContain('is not a store URL');
  });

  it('names the store in an API root error', () => {
    const error = thrown(() => resolveStore({ storeUrl: 'shop.example.com', apiKey: KEY, apiRoot: '/' }));
    expect(error.store).toBe('shop.example.com');
    expect(error.message).toContain('"/" is not an API root');
  });

  it('reads a full API root URL of a store in a sub-folder relative to that store', () => {
    const resolved = resolveStore({
      storeUrl: 'https://example.com/store',
      apiKey: KEY,
      apiRoot: 'https://example.com/store/wp-json/sc/v1/',
    });
    expect(endpoint(resolved, 'customers').url).toBe('https://example.com/store/wp-json/sc/v1/customers');
  });

  it('createClient fails fast on bad settings, before any request', () => {
    const transport = stubTransport([]);
    expect(() => createClient({ settings: storeFor({ storeUrl: 'ftp://x.example.com' }), transport })).toThrow(
      ConfigurationError,
    );
    expect(() => createClient({ settings: storeFor({ apiKey: '' }), transport })).toThrow(ConfigurationError);
    expect(transport.requests).toHaveLength(0);
  });
});

describe('endpoint', () => {
  it('joins base URL, path root and route (a trailing slash is kept)', () => {
    const s = resolveStore(storeFor());
    expect(endpoint(s, 'webhook/validate/')).toEqual({
      url: 'https://shop.example.com/wp-json/sc/v1/webhook/validate/',
      query: {},
    });
    expect(endpoint(s, 'orders/12').url).toBe('https://shop.example.com/wp-json/sc/v1/orders/12');
  });

  it('puts the route into rest_route under the site root (sub-folder kept)', () => {
    const s = resolveStore(storeFor({ storeUrl: 'https://example.com/store', apiRoot: '?rest_route=/sc/v1' }));
    expect(endpoint(s, 'webhook/products/')).toEqual({
      url: 'https://example.com/store/',
      query: { rest_route: '/sc/v1/webhook/products/' },
    });
  });

  it('uses a custom path root', () => {
    const s = resolveStore(storeFor({ storeUrl: 'https://example.com/store', apiRoot: 'api/sc/v1/' }));
    expect(endpoint(s, 'products').url).toBe('https://example.com/store/api/sc/v1/products');
  });
});
