import { EVENT_TYPES, startSandbox } from '../../../sandbox';
import { API_ROOT, httpRequest } from '../support/httpClient';
import { useReceiver, useSandboxStore } from '../support/sandbox';

/** The dashboard at the sandbox's own address, and the two admin reads it polls. */
const { sandbox, store } = useSandboxStore({ size: 60, profile: 'real' });
const receiver = useReceiver();

interface CatalogProduct {
  id: number;
  name: string;
  plans: Array<{ id: string; name: string; terms: string }>;
}
interface Catalog {
  store: { url: string; apiRoot: string; profile: string };
  products: CatalogProduct[];
  offers: Array<{ id: string; label: string }>;
  events: Array<{ type: string; label: string; group: string }>;
}
interface Activity {
  secretInDeliveries: boolean;
  counts: { orders: number; subscriptions: number; customers: number; leads: number };
  hooks: Array<{
    id: string;
    url: string;
    events: string[];
    productId: number | null;
    productName: string | null;
    planIds: string[];
    source: string;
  }>;
  deliveriesTotal: number;
  deliveries: Array<{
    hookId: string;
    url: string;
    event: string;
    status: number | null;
    durationMs: number;
    record: { id: number | string | null; email: string | null };
  }>;
}

const activity = async (query = ''): Promise<Activity> => {
  const response = await store.admin('GET', `/activity${query}`);
  expect(response.status).toBe(200);
  return response.json<Activity>();
};

describe('the page', () => {
  it('is served at the sandbox address, with its stylesheet and script from the same origin only', async () => {
    const page = await httpRequest({ url: `${sandbox.url}/` });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=UTF-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).toContain('<title>Sandbox store dashboard</title>');
    const assets = [...page.text.matchAll(/(?:href|src)="(\/sandbox\/dashboard\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.sort()).toEqual(['/sandbox/dashboard/app.css', '/sandbox/dashboard/app.js']);
    const types = await Promise.all(
      assets.map(async (asset) => (await httpRequest({ url: `${sandbox.url}${asset}` })).headers['content-type']),
    );
    expect(types).toEqual(['text/css; charset=UTF-8', 'text/javascript; charset=UTF-8']);
    // No inline script: the policy would block it.
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
  });

  it('leaves the REST API at /?rest_route=, the product pages and the 404 page as they were', async () => {
    expect((await httpRequest({ url: `${sandbox.url}/?rest_route=/sc/v1/orders` })).json()).toMatchObject({
      code: 'rest_forbidden_context',
    });
    const listed = await httpRequest({
      url: `${sandbox.url}/?rest_route=/sc/v1/products`,
      headers: { 'x-api-key': sandbox.apiKey },
    });
    expect(listed.status).toBe(200);
    const [product] = listed.json<Array<{ url: string }>>();
    expect((await httpRequest({ url: product.url })).status).toBe(200);
    expect((await httpRequest({ url: `${sandbox.url}/sandbox/dashboard/missing.js` })).status).toBe(404);
    // Only GET reaches the page; other methods get what the WordPress site answered before.
    const posted = await httpRequest({ method: 'POST', url: `${sandbox.url}/`, body: {} });
    expect(posted.text).not.toContain('Sandbox store dashboard');
  });

  it('in a sub-folder site, / is the dashboard and the folder is still the WordPress home', async () => {
    const nested = await startSandbox({ port: 0, size: 10, apiRoot: '/store/wp-json/sc/v1' });
    try {
      expect((await httpRequest({ url: `${nested.url}/` })).text).toContain('Sandbox store dashboard');
      const home = await httpRequest({ url: `${nested.url}/store/` });
      expect(home.status).toBe(200);
      expect(home.text).not.toContain('Sandbox store dashboard');
    } finally {
      await nested.close();
    }
  });
});

describe('GET /sandbox/v1/catalog', () => {
  it('lists the products and plans the REST API serves, the offers and a button for every event', async () => {
    const response = await store.admin('GET', '/catalog');
    expect(response.status).toBe(200);
    const catalog = response.json<Catalog>();
    const rest = (await store.rest('/products', { query: { per_page: 100 } })).json<
      Array<{ id: number; name: string; plans: Array<{ id: string }> }>
    >();
    expect(catalog.products.map((p) => [p.id, p.name, p.plans.map((plan) => plan.id)])).toEqual(
      rest.map((p) => [p.id, p.name, p.plans.map((plan) => plan.id)]).sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    for (const plan of catalog.products.flatMap((p) => p.plans)) expect(plan.terms).toMatch(/^\$\d+\.\d\d/);
    expect(catalog.offers.map((o) => o.id)).toEqual(['bump', 'upsell', 'downsell']);
    expect(catalog.events.map((e) => e.type)).toEqual([...EVENT_TYPES]);
    expect(new Set(catalog.events.map((e) => e.label)).size).toBe(EVENT_TYPES.length);
    expect(catalog.store).toEqual({ url: sandbox.url, apiRoot: API_ROOT, profile: 'real', currency: 'USD' });
  });
});

describe('GET /sandbox/v1/activity', () => {
  it('shows the hooks with their filters and any key in their URL redacted', async () => {
    const [product] = (await store.admin('GET', '/catalog')).json<Catalog>().products;
    const receiverUrl = new URL(receiver.url);
    const withSecrets = `http://n8n:s3cret-pass@${receiverUrl.host}/hook?api_key=${sandbox.apiKey}&token=tok-123456&keep=yes`;
    await store.subscribe({ hook_url: withSecrets, status: 'purchased', plan_id: ['bump'] }, product.id);
    await store.subscribe({ hook_url: `${receiver.url}/plain` });
    const { hooks } = await activity();
    expect(hooks).toEqual([
      expect.objectContaining({
        events: ['purchased'],
        productId: product.id,
        productName: product.name,
        planIds: ['bump'],
      }),
      expect.objectContaining({
        url: `${receiver.url}/plain`,
        events: [],
        productId: null,
        productName: null,
        planIds: [],
      }),
    ]);
    expect(hooks[0].url).toBe(
      `http://n8n:[redacted]@${receiverUrl.host}/hook?api_key=[redacted]&token=[redacted]&keep=yes`,
    );
    const whole = JSON.stringify(await activity());
    for (const secret of ['s3cret-pass', 'tok-123456', sandbox.apiKey]) expect(whole).not.toContain(secret);
  });

  it('lists deliveries newest first with their status and the record they were about, and counts the store', async () => {
    await store.subscribe({ hook_url: `${receiver.url}/any` });
    const before = await activity();
    expect(before.deliveries).toEqual([]);
    receiver.status = 200;
    const [purchase] = await sandbox.fireEvent({ type: 'purchased' });
    receiver.status = 500;
    const [lead] = await sandbox.fireEvent({ type: 'lead' });
    receiver.status = 200;
    const after = await activity();
    expect(after.counts.orders).toBe(before.counts.orders + 1);
    expect(after.counts.leads).toBe(before.counts.leads + 1);
    expect(after.deliveriesTotal).toBe(2);
    expect(after.deliveries.map((d) => [d.event, d.status])).toEqual([
      ['lead', 500],
      ['purchased', 200],
    ]);
    expect(after.deliveries[1].record).toEqual({ id: purchase.payload.id, email: purchase.payload.customer_email });
    expect(after.deliveries[0].record).toEqual({ id: null, email: lead.payload.email ?? lead.payload.customer_email });
    expect(after.deliveries[1]).not.toHaveProperty('payload');
    expect((await activity('?limit=1')).deliveries.map((d) => d.event)).toEqual(['lead']);
  });

  it('answers 400 for a limit outside 1..200', async () => {
    for (const limit of ['0', '201', 'x', '1.5']) {
      const response = await store.admin('GET', `/activity?limit=${limit}`);
      expect([limit, response.status, response.json<{ code: string }>().code]).toEqual([
        limit,
        400,
        'sandbox_invalid_request',
      ]);
    }
  });

  it('is, like the rest of the admin API, served without a key on 127.0.0.1', async () => {
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await httpRequest({ url: `${sandbox.url}/sandbox/v1/activity` })).status).toBe(200);
  });
  it('switches whether deliveries carry the API key, as the page switch does; the page has the switch', async () => {
    const page = await httpRequest({ url: `${sandbox.url}/` });
    expect(page.text).toContain('id="secret-switch"');
    await store.subscribe({ hook_url: `${receiver.url}/switch`, status: 'purchased' });
    const fire = () =>
      httpRequest({
        method: 'POST',
        url: `${sandbox.url}/sandbox/v1/events`,
        headers: { origin: sandbox.url, 'content-type': 'application/json' },
        body: { type: 'purchased' },
      });
    const secretOf = () => receiver.received.at(-1)?.json.studiocart_secret;

    // The real profile (npm start) sends it, like older plugin versions.
    expect((await activity()).secretInDeliveries).toBe(true);
    await fire();
    expect(secretOf()).toBe(sandbox.apiKey);

    // What the page sends when the switch is turned off (its own origin), then on again.
    const turn = (on: boolean) =>
      httpRequest({
        method: 'PUT',
        url: `${sandbox.url}/sandbox/v1/config`,
        headers: { origin: sandbox.url, 'content-type': 'application/json' },
        body: { deviations: { secretInDeliveries: on } },
      });
    expect((await turn(false)).status).toBe(200);
    expect((await activity()).secretInDeliveries).toBe(false);
    await fire();
    expect(receiver.received.at(-1)?.json).not.toHaveProperty('studiocart_secret');
    // The rest of the real profile stays as it was.
    const config = await store.admin('GET', '/config');
    expect(config.json<{ deviations: { centsInRest: boolean } }>().deviations.centsInRest).toBe(true);

    expect((await turn(true)).status).toBe(200);
    await fire();
    expect(secretOf()).toBe(sandbox.apiKey);
  });

  it("refuses admin writes sent by a page of another site, and takes its own dashboard's", async () => {
    const fire = (origin: string) =>
      httpRequest({
        method: 'POST',
        url: `${sandbox.url}/sandbox/v1/events`,
        headers: { origin, 'content-type': 'application/json' },
        body: { type: 'lead' },
      });
    const forged = await fire('http://evil.example');
    expect([forged.status, forged.json<{ code: string }>().code]).toEqual([403, 'sandbox_cross_site']);
    expect((await fire(sandbox.url)).status).toBe(200);
    const read = await httpRequest({
      url: `${sandbox.url}/sandbox/v1/hooks`,
      headers: { origin: 'http://evil.example' },
    });
    expect(read.status).toBe(200);
  });
});
