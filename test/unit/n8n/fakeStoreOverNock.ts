/**
 * The shared unit tests' in-memory store (`../shared/fakeStore.ts`) served over HTTP through nock, so
 * an adapter's own request helper (n8n's fake `httpRequestWithAuthentication`, Zapier's `z.request`)
 * reads it as it would read a store. The adapter's key is mapped to the fake store's; any other key
 * reaches it as sent (and is refused). Used by the polling and verification tests of both adapters.
 */
import nock from 'nock';

import { FAKE_KEY, FakeStore } from '../shared/fakeStore';

export { FakeStore };

export function serveOverNock(store: FakeStore, origin: string, adapterKey: string): void {
	// A fake store, not expectations: what each test asked is read from `store.requests`.
	const scope = nock(origin).persist();
	scope
		.get(/.*/)
		.optionally()
		.reply(async function (uri) {
			const url = new URL(uri, origin);
			const sent = this.req.headers['x-api-key'];
			const key = sent === adapterKey ? FAKE_KEY : String(sent ?? '');
			const response = await store.transport.send({
				method: 'GET',
				url: `${url.origin}${url.pathname}`,
				query: Object.fromEntries(url.searchParams),
				headers: { 'x-api-key': key },
				timeoutMs: 1000,
			});
			return [response.status, response.body, response.headers];
		});
	// Latest-orders, the one POST a read makes (the webhook side takes the key as `api_key`).
	scope
		.post(/\/webhook\/latest-orders\//)
		.query(true)
		.optionally()
		.reply(async function (uri) {
			const url = new URL(uri, origin);
			const query = Object.fromEntries(url.searchParams);
			const key = query.api_key === adapterKey ? FAKE_KEY : String(query.api_key ?? '');
			const response = await store.transport.send({
				method: 'POST',
				url: `${url.origin}${url.pathname}`,
				query: { ...query, api_key: key },
				headers: {},
				timeoutMs: 1000,
			});
			return [response.status, response.body, response.headers];
		});
}
