import nock from 'nock';

import { KEY, ORIGIN, ROOT } from './context';

/** A store's resthooks as a real Studiocart store keeps them (docs/service/real-stores.md#webhook-operations), behind nock. */
export interface HookStore {
	hooks: Map<
		string,
		{ hook_url: string; body: Record<string, unknown>; query: Record<string, string> }
	>;
	subscribes: number;
	deletes: string[];
	stop(): void;
}

let nextId = 1732190400;

export function hookStore(): HookStore {
	const store: HookStore = {
		hooks: new Map(),
		subscribes: 0,
		deletes: [],
		stop: () => scope.persist(false),
	};
	const scope = nock(ORIGIN)
		.persist()
		.post(`${ROOT}/webhook/subscribe/`)
		.query(true)
		// A fake store, not expectations: a test that never subscribes or deletes leaves no unsent request.
		.optionally()
		.reply(function (uri, body) {
			const query = Object.fromEntries(new URL(uri, ORIGIN).searchParams);
			if (query.api_key !== KEY)
				return [401, { code: 'rest_forbidden', message: 'Invalid API key', data: { status: 401 } }];
			const fields = body as Record<string, unknown>;
			if (!fields.hook_url)
				return [404, { code: 'rest_subscribe_error', message: 'hook_url missing' }];
			store.subscribes += 1;
			const id = nextId++;
			store.hooks.set(String(id), { hook_url: String(fields.hook_url), body: fields, query });
			// Real stores send the id as a JSON number.
			return [200, { id }];
		})
		// The plugin version read registers webhook/delete without a handler.
		.post(`${ROOT}/webhook/delete/`)
		.optionally()
		.reply(500, {
			code: 'rest_invalid_handler',
			message: 'The handler for the route is invalid',
			data: { status: 500 },
		})
		.post(`${ROOT}/webhook/zap-delete/`)
		.optionally()
		.reply(function (_uri, body) {
			const id = String((body as { id?: unknown }).id);
			store.deletes.push(id);
			const hook = store.hooks.get(id);
			if (!hook)
				return [
					404,
					{ code: 'rest_subscribe_error', message: `no webhook with this ID found: ${id}` },
				];
			store.hooks.delete(id);
			return [200, [{ url: hook.hook_url, id }]];
		});
	return store;
}
