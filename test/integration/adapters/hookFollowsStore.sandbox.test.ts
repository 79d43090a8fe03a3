/**
 * A hook is deleted on the store it was made on, after the connection (Zapier) or the credential
 * (n8n) moved to another store: two sandbox stores of the real profile over real HTTP, the first
 * without pretty permalinks (its API root only works as `?rest_route=`), each with its own key.
 */
import type { IDataObject, IHookFunctions } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { type Sandbox, startSandbox } from '../../../sandbox';
import { HOOK_SECRET_PARAM } from '../../../shared/src/triggers/guard';
import { fakeHook } from '../../unit/support/n8n/context';
import { hookByTriggerKey, run } from '../support/zapier';

const HOOK_URL = 'http://127.0.0.1:9/hooks/standard/1/abc/';
const N8N_HOOK_URL = 'http://127.0.0.1:9/webhook/3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4f13/webhook';

/** The hook URL the store was given: n8n's URL with the secret the node keeps in its static data. */
function withSecretOf(staticData: IDataObject): string {
  return `${N8N_HOOK_URL}?${HOOK_SECRET_PARAM}=${String(staticData.hookSecret)}`;
}

let first: Sandbox;
let second: Sandbox;
let firstAuth: Record<string, string>;
let secondAuth: Record<string, string>;

beforeAll(async () => {
  [first, second] = await Promise.all([
    startSandbox({
      port: 0,
      profile: 'real',
      quiet: true,
      apiKey: 'key-of-the-first-store',
      deviations: { plainPermalinks: true },
    }),
    startSandbox({ port: 0, profile: 'real', quiet: true, apiKey: 'key-of-the-second-store' }),
  ]);
  firstAuth = { storeUrl: first.url, apiKey: first.apiKey, apiRoot: '?rest_route=/sc/v1' };
  secondAuth = { storeUrl: second.url, apiKey: second.apiKey, apiRoot: second.apiRoot };
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

beforeEach(() => {
  first.reset();
  second.reset();
});

describe('Zapier: unsubscribe deletes the hook on the store it was made on', () => {
  const trigger = hookByTriggerKey('product_purchased');

  it('a connection moved to a second store between subscribe and unsubscribe leaves 0 hooks on either store', async () => {
    const subscribeData = await run<{ id: string; storeUrl: string; apiRoot: string }>(trigger.performSubscribe, {
      authData: firstAuth,
      targetUrl: HOOK_URL,
      inputData: {},
    });
    expect(first.hooks()).toEqual([expect.objectContaining({ id: subscribeData.id, hookUrl: HOOK_URL })]);
    // The store the hook lives on, never its key.
    expect(subscribeData).toEqual({ id: subscribeData.id, storeUrl: first.url, apiRoot: '?rest_route=/sc/v1' });
    expect(JSON.stringify(subscribeData)).not.toContain(first.apiKey);

    // The user points the connection at the second store, then turns the Zap off.
    await expect(
      run(trigger.performUnsubscribe, { authData: secondAuth, subscribeData, inputData: {} }),
    ).resolves.toMatchObject({ id: subscribeData.id, alreadyGone: false });
    expect(first.hooks()).toEqual([]);
    expect(second.hooks()).toEqual([]);
    // The first store posts nowhere any more.
    await expect(first.fireEvent({ type: 'purchased' })).resolves.toEqual([]);
  });

  it('a Zap subscribed before the store was kept ({ id }) unsubscribes on the connected store, as it did', async () => {
    const { id } = await run<{ id: string }>(trigger.performSubscribe, {
      authData: secondAuth,
      targetUrl: HOOK_URL,
      inputData: {},
    });
    expect(second.hooks()).toHaveLength(1);
    await expect(
      run(trigger.performUnsubscribe, { authData: secondAuth, subscribeData: { id }, inputData: {} }),
    ).resolves.toMatchObject({ id, alreadyGone: false });
    expect(second.hooks()).toEqual([]);
  });
});

describe('n8n: the trigger deletes the hook kept in static data on the store it was made on', () => {
  const hooks = new CommerceServiceTrigger().webhookMethods.default;
  const PARAMETERS = { event: 'purchased', planIds: [], pricesInCents: false };

  function trigger(credentials: Record<string, string>, staticData: IDataObject): IHookFunctions {
    return fakeHook({ parameters: PARAMETERS, credentials, staticData, webhookUrl: N8N_HOOK_URL }).context;
  }

  async function activate(context: IHookFunctions): Promise<void> {
    if (!(await hooks.checkExists.call(context))) await hooks.create.call(context);
  }

  it('delete after the credential moved to a second store leaves 0 hooks on either store', async () => {
    const staticData: IDataObject = {};
    await activate(trigger(firstAuth, staticData));
    expect(first.hooks()).toEqual([
      expect.objectContaining({ id: staticData.hookId, hookUrl: withSecretOf(staticData) }),
    ]);
    expect(staticData).toMatchObject({ hookStore: first.url, hookApiRoot: '?rest_route=/sc/v1' });
    expect(JSON.stringify(staticData)).not.toContain(first.apiKey);

    // The credential now names the second store; the workflow is deactivated.
    await expect(hooks.delete.call(trigger(secondAuth, staticData))).resolves.toBe(true);
    expect(first.hooks()).toEqual([]);
    expect(second.hooks()).toEqual([]);
    expect(staticData).toEqual({});
  });

  it('activation after the credential moved deletes the old hook there and subscribes on the new store', async () => {
    const staticData: IDataObject = {};
    await activate(trigger(firstAuth, staticData));
    expect(first.hooks()).toHaveLength(1);

    await activate(trigger(secondAuth, staticData));
    expect(first.hooks()).toEqual([]);
    expect(second.hooks()).toEqual([
      expect.objectContaining({ id: staticData.hookId, hookUrl: withSecretOf(staticData) }),
    ]);
    expect(staticData).toMatchObject({ hookStore: second.url, hookApiRoot: second.apiRoot });

    await hooks.delete.call(trigger(secondAuth, staticData));
    expect(first.hooks()).toEqual([]);
    expect(second.hooks()).toEqual([]);
  });
});
