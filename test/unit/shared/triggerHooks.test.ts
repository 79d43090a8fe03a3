/**
 * The shared hook rules both webhook triggers map onto (`shared/src/triggers/hooks.ts`): what a kept
 * record says, when it stands, how it is replaced and removed, over a stub transport.
 */
import {
  type HookRecord,
  type HttpRequest,
  type TriggerSetup,
  deleteKeptHook,
  keptHookIsCurrent,
  readHookRecord,
  deleteHookRecord,
  replaceKeptHook,
  subscribeHookRecord,
} from '@commerce-service/shared';
import { createClient } from '../../../scripts/kit/client';
import { KEY, ORIGIN, json, stubTransport } from '../support/shared';

const HOOK_URL = 'https://n8n.example.com/webhook/abc/webhook';
const SETUP: TriggerSetup = {
  event: 'purchased',
  productId: '87',
  planIds: ['full'],
  pricesInCents: false,
  verify: true,
};
const TARGET = { hookUrl: HOOK_URL, setup: SETUP, source: 'n8n' } as const;

/** A store that makes hook 55 on subscribe and knows only the hooks in `known`. */
function storeWith(known: Set<string>) {
  const transport = stubTransport((request: HttpRequest) => {
    if (request.url.includes('webhook/subscribe')) return json(200, { id: 55 });
    const id = String((request.body as { id?: unknown } | undefined)?.id ?? request.query.id);
    if (!known.delete(id)) return json(404, { code: 'sc_rest_invalid_id', message: 'Invalid ID.' });
    return json(200, { id, deleted: true });
  });
  const client = createClient({ settings: { storeUrl: ORIGIN, apiKey: KEY }, transport });
  const lines: string[] = [];
  const log = {
    lines,
    info: (message: string) => lines.push(`info: ${message}`),
    warn: (message: string) => lines.push(`warn: ${message}`),
  };
  return { client, transport, log };
}

/** The record subscribe keeps for `setup` (its `hookSetup` signature included), as hook 9. */
async function keptFor(setup: TriggerSetup): Promise<HookRecord> {
  const { client } = storeWith(new Set());
  return { ...(await subscribeHookRecord(client, { ...TARGET, setup })), hookId: '9' };
}

let KEPT: HookRecord;
beforeAll(async () => {
  KEPT = await keptFor(SETUP);
  expect(KEPT).toMatchObject({ hookId: '9', hookStore: ORIGIN, hookUrl: HOOK_URL });
});

describe('readHookRecord', () => {
  it('reads a kept record, and nothing without an id', () => {
    expect(readHookRecord({ ...KEPT })).toEqual(KEPT);
    expect(readHookRecord({ hookId: 9 })).toEqual({
      hookId: '9',
      hookStore: '',
      hookApiRoot: '',
      hookUrl: '',
      hookSetup: '',
    });
    expect(readHookRecord({ hookUrl: HOOK_URL })).toBeUndefined();
  });
});

describe('the setup a kept hook was made for (hookSetup)', () => {
  it('changes with the event, product, plans or cents, not with the order of plans', async () => {
    const base = (await keptFor({ ...SETUP, planIds: ['a', 'b'] })).hookSetup;
    expect((await keptFor({ ...SETUP, planIds: ['b', 'a'] })).hookSetup).toBe(base);
    for (const change of [{ event: 'refunded' }, { productId: '91' }, { planIds: ['a'] }, { pricesInCents: true }]) {
      expect((await keptFor({ ...SETUP, planIds: ['a', 'b'], ...change })).hookSetup).not.toBe(base);
    }
  });
});

describe('keptHookIsCurrent', () => {
  it('keeps a record made on this store for this URL and setup, without a request', async () => {
    const { client, transport, log } = storeWith(new Set(['9']));
    const state = { ...KEPT };
    await expect(keptHookIsCurrent(state, TARGET, () => client, log)).resolves.toBe(true);
    expect(transport.requests).toEqual([]);
    expect(state).toEqual(KEPT);
  });

  it('makes no client when nothing is kept', async () => {
    const source = jest.fn();
    await expect(keptHookIsCurrent({}, TARGET, source, { info: jest.fn(), warn: jest.fn() })).resolves.toBe(false);
    expect(source).not.toHaveBeenCalled();
  });

  it('removes and forgets a record made for another URL or setup', async () => {
    for (const change of [{ hookUrl: 'https://old.example.com/hook' }, { hookSetup: '[]' }]) {
      const known = new Set(['9']);
      const { client, log } = storeWith(known);
      const state: Record<string, unknown> = { ...KEPT, ...change };
      await expect(keptHookIsCurrent(state, TARGET, () => client, log)).resolves.toBe(false);
      expect(known.has('9')).toBe(false);
      expect(state).toEqual({});
    }
  });
});

describe('replaceKeptHook', () => {
  it('removes the kept hook, subscribes, and keeps the new record', async () => {
    const known = new Set(['9']);
    const { client, transport, log } = storeWith(known);
    const state: Record<string, unknown> = { ...KEPT, other: 'kept' };
    const record = await replaceKeptHook(state, TARGET, client, log);
    expect(record).toEqual({ ...KEPT, hookId: '55' });
    expect(state).toEqual({ ...KEPT, hookId: '55', other: 'kept' });
    expect(known.size).toBe(0);
    expect(transport.requests.map((r) => new URL(r.url).pathname)).toEqual([
      '/wp-json/sc/v1/webhook/delete/',
      '/wp-json/sc/v1/webhook/subscribe/',
    ]);
    // Both ids in the log: n8n shows no request a node makes.
    expect(log.lines).toEqual(['info: hook 9 was deleted from the store', 'info: hook 55 was subscribed on the store']);
  });

  it('refuses an event the store does not have, before touching the kept hook', async () => {
    const { client, transport, log } = storeWith(new Set(['9']));
    const state = { ...KEPT };
    await expect(
      replaceKeptHook(state, { ...TARGET, setup: { ...SETUP, event: 'shipped' } }, client, log),
    ).rejects.toMatchObject({
      name: 'ConfigurationError',
      message: expect.stringContaining('"shipped" is not a store event'),
    });
    expect(transport.requests).toEqual([]);
    expect(state).toEqual(KEPT);
  });
});

describe('deleteHookRecord and deleteKeptHook', () => {
  it('a hook the store no longer knows is removed, with an info line', async () => {
    const { client, log } = storeWith(new Set());
    await expect(deleteHookRecord(client, KEPT, log)).resolves.toEqual({ alreadyGone: true });
    expect(log.lines).toEqual(['info: hook 9 was already gone from the store']);
  });

  it('nothing kept is nothing to remove', async () => {
    const { client, transport, log } = storeWith(new Set());
    await expect(deleteHookRecord(client, undefined, log)).resolves.toEqual({ alreadyGone: true });
    expect(transport.requests).toEqual([]);
  });

  it('a hook made on another store is deleted there, with no key, and forgotten', async () => {
    const { client, transport, log } = storeWith(new Set(['9']));
    const state: Record<string, unknown> = {
      ...KEPT,
      hookStore: 'https://old-shop.example.com',
      hookApiRoot: '?rest_route=/sc/v1',
    };
    await deleteKeptHook(state, () => client, log);
    expect(transport.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: 'https://old-shop.example.com/',
        query: { rest_route: '/sc/v1/webhook/delete/' },
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: { id: 9 },
      }),
    ]);
    expect(JSON.stringify(transport.requests)).not.toContain(KEY);
    expect(state).toEqual({});
    expect(log.lines).toEqual(['info: hook 9 was deleted from old-shop.example.com, the store it was made on']);
  });

  it('a hook made under another API root of this store is deleted under that root', async () => {
    const { client, transport, log } = storeWith(new Set(['9']));
    await expect(deleteHookRecord(client, { ...KEPT, hookApiRoot: '?rest_route=/sc/v1' }, log)).resolves.toEqual({
      alreadyGone: false,
    });
    expect(transport.requests.map((request) => [request.url, request.query])).toEqual([
      [`${ORIGIN}/`, { rest_route: '/sc/v1/webhook/delete/' }],
    ]);
    expect(JSON.stringify(transport.requests)).not.toContain(KEY);
  });

  it('a client held without a key sends no operation that takes one', async () => {
    const { client, transport } = storeWith(new Set());
    const keyless = client.keylessAt({ storeUrl: 'https://old-shop.example.com', apiRoot: '/wp-json/sc/v1' });
    await expect(keyless.validateKey()).rejects.toMatchObject({
      name: 'ConfigurationError',
      store: 'old-shop.example.com',
      message: expect.stringContaining('needs an API key, and none is held for this store'),
    });
    await expect(keyless.getOrder(1)).rejects.toMatchObject({ name: 'ConfigurationError' });
    expect(transport.requests).toEqual([]);
  });

  it('a hook on another store, kept before records named its API root, is let go with a warning, and this key never goes there', async () => {
    const { client, transport, log } = storeWith(new Set(['9']));
    const state: Record<string, unknown> = { ...KEPT, hookStore: 'https://old-shop.example.com', hookApiRoot: '' };
    await deleteKeptHook(state, () => client, log);
    expect(transport.requests).toEqual([]);
    expect(state).toEqual({});
    expect(log.lines).toEqual([expect.stringMatching(/^warn: hook 9 was made on https:\/\/old-shop\.example\.com/)]);
    // How to delete it, with the route that needs no key: the store keeps posting until then.
    expect(log.lines[0]).toContain('keeps sending its events');
    expect(log.lines[0]).toContain(`-d '{"id": 9}' https://old-shop.example.com/wp-json/sc/v1/webhook/zap-delete/`);
  });

  it('a failing delete keeps the record, so the next deactivation tries again', async () => {
    const transport = stubTransport(() => json(401, { code: 'rest_forbidden', message: 'No.' }));
    const client = createClient({ settings: { storeUrl: ORIGIN, apiKey: KEY }, transport });
    const state = { ...KEPT };
    await expect(deleteKeptHook(state, () => client, { info: jest.fn(), warn: jest.fn() })).rejects.toMatchObject({
      name: 'AuthenticationError',
    });
    expect(state).toEqual(KEPT);
  });
});
