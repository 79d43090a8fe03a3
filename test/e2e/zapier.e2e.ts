/**
 * The real Zapier CLI on the app, through the npm scripts CI runs: schema validation, the build with
 * its own "Testing build" step, and `invoke` of the auth test, both dropdowns and every search (Find Customer by ID and by email) against
 * the sandbox (started here; the CLI runs in child processes, so this process stays free to answer).
 * The app is built once for the file; one call goes through `npm run zapier:invoke` as zapier/README.md
 * shows it, the others run the `zapier-platform invoke` that script runs after its build.
 * Hook triggers: what `invoke` can run of them, and their subscribe / perform / performList /
 * unsubscribe through the CLI's own app handler (see the last describe).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { collect } from '@commerce-service/shared';
import { nodeTransport } from '../../scripts/kit/nodeTransport';
import { type Sandbox, startSandbox } from '../../sandbox';
import { holdExclusively } from './support/exclusive';
import { npmRun } from './support/steps';
import { expectedCustomSummary } from './support/salesTotals';
import { zapierBuild, ZAPIER_ZIP } from './support/zapierBuild';
import { createClient } from '../../scripts/kit/client';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const APP = path.join(ROOT, 'zapier');
const ENV_FILE = path.join(APP, '.env');
/** Where npm finds `zapier-platform` and the Node 24 it runs on (the `node` package's binary). */
const BIN = path.join(ROOT, 'node_modules', '.bin');

/** The JSON (or text) a `zapier-platform invoke` printed on stdout. */
function invokeResult(stdout: string): unknown {
  const text = stdout.trim();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * `zapier-platform invoke ... --non-interactive` from zapier/, with npm's PATH: what
 * `npm run zapier:invoke` runs after its `npm run build:zapier`, on the app built in beforeAll. Measured
 * here: a call took 3.1 s of CPU this way and 4.4 s through npm, which rebuilds the app each time.
 */
async function invoke(args: string[]): Promise<unknown> {
  const argv = ['invoke', ...args, '--non-interactive'];
  const { stdout } = await run(path.join(BIN, 'zapier-platform'), argv, {
    cwd: APP,
    timeout: 60_000,
    maxBuffer: 20 * 1024 * 1024,
    env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, FORCE_COLOR: '0', NO_COLOR: '1' },
  }).catch((error: { stdout?: string; stderr?: string; killed?: boolean; code?: unknown }) => {
    const why = error.killed ? 'was stopped after 60 s' : `failed (exit ${String(error.code)})`;
    throw new Error(`zapier-platform ${argv.join(' ')} ${why}:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
  });
  return invokeResult(stdout);
}

/** `npm run zapier:invoke -- ... --non-interactive`, the command zapier/README.md gives (it builds the app first). */
async function npmInvoke(args: string[]): Promise<unknown> {
  const { stdout } = await npmRun('zapier:invoke', 60_000, { args: [...args, '--non-interactive'], silent: true });
  return invokeResult(stdout);
}

/** File names in a zip, from its central directory (no zip library needed). */
function zipEntries(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + skip;
  }
  return names;
}

let sandbox: Sandbox;
let savedEnv: string | undefined;
const ids = { order: 0, subscription: 0, customer: 0, product: 0 };

// zapier/build, zapier/dist and zapier/.env are written by the Zapier e2e files: one at a time.
holdExclusively('zapier-app');

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, profile: 'real', quiet: true });
  const client = createClient({
    settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey },
    transport: nodeTransport,
  });
  ids.order = (await client.listOrders({ per_page: 1 })).items[0]?.id ?? 0;
  ids.subscription = (await client.listSubscriptions({ per_page: 1 })).items[0]?.id ?? 0;
  ids.customer = (await client.listCustomers({ per_page: 1 })).items[0]?.id ?? 0;
  ids.product = (await client.listProducts({ per_page: 1 })).items[0]?.id ?? 0;
  // `invoke` reads the connection from zapier/.env (git-ignored); keep a developer's own file.
  savedEnv = existsSync(ENV_FILE) ? readFileSync(ENV_FILE, 'utf8') : undefined;
  writeFileSync(
    ENV_FILE,
    [
      `authData_storeUrl=${sandbox.url}`,
      `authData_apiKey=${sandbox.apiKey}`,
      `authData_apiRoot=${sandbox.apiRoot}`,
      '',
    ].join('\n'),
  );
  // zapier/dist, the app `invoke` and the CLI's handler load (`npm run zapier:invoke` builds it per call).
  await npmRun('build:zapier', 300_000, { silent: true });
});

afterAll(async () => {
  if (savedEnv === undefined) rmSync(ENV_FILE, { force: true });
  else writeFileSync(ENV_FILE, savedEnv);
  await sandbox?.close();
});

describe('zapier-platform validate --without-style', () => {
  it('finds no errors and no warnings', async () => {
    const { stdout } = await npmRun('zapier:validate', 300_000, { silent: true });
    expect(stdout).toMatch(/No structural errors found/);
    expect(stdout).toMatch(/This project is structurally sound!/);
    expect(stdout).not.toMatch(/warning/i);
  });
});

describe('zapier-platform build --skip-validation', () => {
  it('makes build/build.zip and passes its own "Testing build" step', async () => {
    // This run's build, made here or by zapierBuild.e2e.ts. Progress steps go to stderr; a failing
    // "Testing build" step fails the command (the build throws).
    const { stdout, stderr } = await zapierBuild();
    expect(stderr).toMatch(/Testing build/);
    expect(stdout).toMatch(/Build complete! Created build\/build\.zip/);
    expect(existsSync(ZAPIER_ZIP)).toBe(true);
    // The compiled app with zapier-platform-core and the files the notes say the tracer misses; no sources.
    const entries = zipEntries(readFileSync(ZAPIER_ZIP));
    expect(entries).toEqual(
      expect.arrayContaining([
        'index.js',
        'dist/index.js',
        'zapierwrapper.js',
        'definition.json',
        'node_modules/zapier-platform-core/package.json',
        'node_modules/async-function/require.mjs',
      ]),
    );
    expect(entries.filter((name) => name.startsWith('src/') || name.includes('..') || name.includes('.env'))).toEqual(
      [],
    );
  });
});

describe('zapier-platform invoke against the sandbox', () => {
  it('auth test passes (through `npm run zapier:invoke`) and the label is the store host', async () => {
    await expect(npmInvoke(['auth', 'test'])).resolves.toEqual({
      store: sandbox.url.replace('http://', ''),
      storeUrl: sandbox.url,
      apiRoot: '/wp-json/sc/v1',
      address: `${sandbox.url}/wp-json/sc/v1`,
    });
    await expect(invoke(['auth', 'label'])).resolves.toBe(sandbox.url.replace('http://', ''));
  });

  it("the Product dropdown lists the products, the Plans dropdown a product's plans", async () => {
    const products = (await invoke(['trigger', 'product_list', '--isFillingDynamicDropdown'])) as {
      id: string;
      name: string;
    }[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.map((p) => p.id)).toContain(String(ids.product));
    const plans = (await invoke([
      'trigger',
      'plan_list',
      '-i',
      JSON.stringify({ product_id: String(ids.product) }),
    ])) as { id: string }[];
    expect(plans.slice(-3).map((p) => p.id)).toEqual(['bump', 'upsell', 'downsell']);
  });

  it.each([
    ['find_order', 'order_id', 'order'],
    ['find_subscription', 'subscription_id', 'subscription'],
    ['find_customer', 'customer_id', 'customer'],
    ['find_product', 'product_id', 'product'],
  ] as const)('search %s finds the record, and nothing for an unknown ID', async (key, input, noun) => {
    const found = (await invoke(['search', key, '-i', JSON.stringify({ [input]: String(ids[noun]) })])) as {
      id: number;
    }[];
    expect(found).toHaveLength(1);
    expect(found[0]?.id).toBe(ids[noun]);
    await expect(invoke(['search', key, '-i', JSON.stringify({ [input]: '987654321' })])).resolves.toEqual([]);
  });

  it('search find_customer finds a customer by email (trimmed, any case), and nothing for an unknown email', async () => {
    const client = createClient({
      settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey },
      transport: nodeTransport,
    });
    const customer = (await client.listCustomers({ per_page: 100 })).items.at(-1);
    expect(customer?.email).toMatch(/@/);
    const found = (await invoke([
      'search',
      'find_customer',
      '-i',
      JSON.stringify({ email: `  ${String(customer?.email).toUpperCase()} ` }),
    ])) as {
      id: number;
      email: string;
    }[];
    expect(found.map((record) => [record.id, record.email])).toEqual([[customer?.id, customer?.email]]);
    await expect(
      invoke(['search', 'find_customer', '-i', JSON.stringify({ email: 'nobody-at-all@example.invalid' })]),
    ).resolves.toEqual([]);
  });

  it("search find_sales_summary gives the sales summary of the store's own records", async () => {
    const client = createClient({
      settings: { storeUrl: sandbox.url, apiKey: sandbox.apiKey },
      transport: nodeTransport,
    });
    const orders = await collect(client.iterate((page) => client.listOrders(page)));
    const days = orders.map((order) => order.date).sort();
    const [from, to] = [days[0] ?? '', days[days.length - 1] ?? ''];
    const found = (await invoke([
      'search',
      'find_sales_summary',
      '-i',
      JSON.stringify({ period: 'custom', from, to, subscriptions: 'false' }),
    ])) as Record<string, unknown>[];
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      ...expectedCustomSummary(orders, from, to),
      orders_read: orders.length,
      active_subscriptions: null,
    });
    expect(String(found[0]?.summary_text)).toMatch(/^Custom \(/);
    const withMrr = (await invoke([
      'search',
      'find_sales_summary',
      '-i',
      JSON.stringify({ period: 'yesterday' }),
    ])) as Record<string, unknown>[];
    expect(withMrr[0]).toMatchObject({ period: 'yesterday', subscriptions_read: expect.any(Number) });
    expect(withMrr[0]?.subscriptions_read).toBeGreaterThan(0);
  });

  it("search find_subscription_orders lists the subscription's orders", async () => {
    const orders = (await invoke([
      'search',
      'find_subscription_orders',
      '-i',
      JSON.stringify({ subscription_id: String(ids.subscription) }),
    ])) as {
      id: number;
    }[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((order) => Number.isInteger(order.id))).toBe(true);
  });
});

/**
 * Hook triggers. `zapier-platform invoke trigger <key>` calls only `operation.perform`, with no
 * delivery in the bundle (the CLI's help lists "Hook triggers, including REST hook
 * subscribe/unsubscribe" among its local-mode limits): for a hook trigger that is "no event". The rest
 * of the documented lifecycle (subscribe when a Zap is turned on, a delivery, test records, unsubscribe)
 * runs here through the handler the CLI itself uses (`localAppCommand` of zapier-platform-cli, which
 * loads the built app as `invoke` does), in a child process like the CLI, against the sandbox.
 */
describe('hook triggers through the Zapier CLI and its app handler', () => {
  /** One method of the built app through the CLI's local handler; its `results`. */
  async function handler(method: string, bundle: Record<string, unknown>): Promise<unknown> {
    const script = `
      const { localAppCommand } = require(${JSON.stringify(require.resolve('zapier-platform-cli/src/utils/local'))});
      const event = JSON.parse(process.argv[1]);
      localAppCommand(event, process.cwd(), false).then(
        (results) => { process.stdout.write(JSON.stringify(results === undefined ? null : results)); },
        (error) => { process.stderr.write(String(error && error.message)); process.exitCode = 1; },
      );`;
    const event = { command: 'execute', method, bundle: { authData, ...bundle } };
    const { stdout } = await run(process.execPath, ['-e', script, JSON.stringify(event)], {
      cwd: APP,
      timeout: 60_000,
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    // The results are written last, after whatever the app logged (z.console prints to stdout here).
    return JSON.parse(stdout.slice(stdout.lastIndexOf('\n') + 1)) as unknown;
  }
  let authData: Record<string, string>;

  beforeAll(() => {
    authData = { storeUrl: sandbox.url, apiKey: sandbox.apiKey, apiRoot: sandbox.apiRoot };
  });
  afterEach(() => sandbox.reset());

  it('invoke trigger product_purchased runs perform without a delivery: no event, no error', async () => {
    await expect(invoke(['trigger', 'product_purchased'])).resolves.toEqual([]);
    expect(sandbox.hooks()).toEqual([]);
  });

  it('subscribe, a delivery (verified by its secret), test records and unsubscribe, through the handler', async () => {
    // A local address nobody listens at: the store's delivery fails fast and goes nowhere.
    const targetUrl = 'http://127.0.0.1:9/hooks/standard/1/abc/';
    const subscribed = (await handler('triggers.product_purchased.operation.performSubscribe', {
      targetUrl,
      inputData: {},
    })) as { id: string };
    expect(sandbox.hooks()).toEqual([
      expect.objectContaining({ id: subscribed.id, hookUrl: targetUrl, statuses: ['purchased'], source: 'zapier' }),
    ]);

    // The store's delivery (real profile: with the key, as older plugins send it), as Zapier hands it over.
    const [delivery] = await sandbox.fireEvent({ type: 'purchased' });
    const content = { ...(delivery?.payload ?? {}), studiocart_secret: sandbox.apiKey };
    const items = (await handler('triggers.product_purchased.operation.perform', {
      inputData: {},
      cleanedRequest: { method: 'POST', headers: { 'content-type': 'application/json' }, content },
    })) as Array<Record<string, unknown>>;
    expect(items).toEqual([
      expect.objectContaining({
        id: delivery?.payload.id,
        verification: { status: 'verified', method: 'secret' },
      }),
    ]);
    expect(JSON.stringify(items)).not.toContain(sandbox.apiKey);

    // "Test trigger": the store's latest real records of the event.
    const recent = (await handler('triggers.product_purchased.operation.performList', {
      inputData: {},
      meta: { isLoadingSample: true },
    })) as Array<Record<string, unknown>>;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every((record) => record.trigger === 'purchased')).toBe(true);

    await handler('triggers.product_purchased.operation.performUnsubscribe', {
      inputData: {},
      subscribeData: subscribed,
    });
    expect(sandbox.hooks()).toEqual([]);
  });

  it('hook follows its store: a connection moved to a second store between subscribe and unsubscribe leaves 0 hooks on either', async () => {
    const second = await startSandbox({ port: 0, profile: 'real', quiet: true, apiKey: 'key-of-the-second-store' });
    try {
      const subscribed = (await handler('triggers.product_purchased.operation.performSubscribe', {
        targetUrl: 'http://127.0.0.1:9/hooks/standard/1/abc/',
        inputData: {},
      })) as Record<string, unknown>;
      expect(sandbox.hooks()).toEqual([expect.objectContaining({ id: subscribed.id })]);
      expect(JSON.stringify(subscribed)).not.toContain(sandbox.apiKey);

      // The user points the connection at the second store, then turns the Zap off.
      await handler('triggers.product_purchased.operation.performUnsubscribe', {
        authData: { storeUrl: second.url, apiKey: second.apiKey, apiRoot: second.apiRoot },
        inputData: {},
        subscribeData: subscribed,
      });
      expect(sandbox.hooks()).toEqual([]);
      expect(second.hooks()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
