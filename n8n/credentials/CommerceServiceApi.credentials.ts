import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

import { STATUS_ANSWERS } from '@commerce-service/shared';

/*
 * The credential test is declarative, so it cannot use the shared client's URL normalisation: it
 * rebuilds the same URL with n8n expressions. (A node's `testedBy` method could run the shared
 * connection test, but n8n lends a credential test only the deprecated `helpers.request`, which n8n's
 * lint and its scanner reject: `no-deprecated-workflow-functions`, inline disables not allowed.)
 * Handled: a Store URL typed without a scheme, with a trailing slash, a sub-folder, or a pasted
 * WordPress path (/wp-json/..., /wp-admin/...); an API Root left empty (the test then uses
 * ?rest_route=, which WordPress answers on every permalink setting), as a path, as a full URL, or in
 * the ?rest_route=/sc/v1 form. With API Root empty the test asks ?rest_route=, where the nodes' own
 * discovery ends up when /wp-json/ answers a page (plain permalinks serve the front page there with
 * 200), so a test that passes is a store the nodes reach. n8n's rules see the status only: where one
 * status has several causes (403, 404), its message names each (`STATUS_ANSWERS`), and a node's first
 * run names the exact one. Not handled here: a Store URL that is not a host name at all, a site that
 * answers ?rest_route= with a page and status 200 (not WordPress), and a network failure, which n8n
 * shows as its error code (ENOTFOUND, EPROTO, CERT_HAS_EXPIRED).
 */
/** The Store URL as the shared client normalises it: scheme added, query, WordPress paths and trailing slashes removed. */
const STORE = String.raw`$credentials.storeUrl.trim().replace(/^(?![a-z][a-z0-9+.-]*:\/\/)\/*/i, 'https://').replace(/[?#].*$/, '').replace(/\/(wp-json|wp-admin|wp-login\.php|index\.php)(\/.*)?$/i, '').replace(/\/+$/, '')`;
/** API Root as typed; left empty (or at the old default), the ?rest_route= form every WordPress answers. */
const ROOT = String.raw`((typed) => typed === '' || typed.replace(/\/+$/, '') === '/wp-json/sc/v1' ? '?rest_route=/sc/v1' : typed)(String($credentials.apiRoot || '').trim())`;
const PATH_OF = (url: string) => String.raw`${url}.replace(/^https?:\/\/[^/]+/i, '')`;
/** `?rest_route=/sc/v1` (also URL-encoded, or inside a full URL): routes go in the query. */
const ROUTE_FORM = String.raw`'/?rest_route=/' + decodeURIComponent(root.replace(/^.*[?&]rest_route=([^&#]*).*$/, '$1')).replace(/^\/+|\/+$/g, '')`;
/** A path, or a full URL whose path may repeat the store's sub-folder. */
const PATH_FORM = String.raw`'/' + (/^https?:\/\//i.test(root) && storePath && rootPath.startsWith(storePath + '/') ? rootPath.slice(storePath.length) : rootPath).replace(/^\/+|\/+$/g, '')`;

/** `POST webhook/validate/` of the store this credential points at. */
export const VALIDATE_URL_EXPRESSION = `={{ ((store, root) => ((storePath, rootPath) => store + (root.includes('rest_route=') ? ${ROUTE_FORM} : ${PATH_FORM}) + '/webhook/validate/')(${PATH_OF('store')}, ${PATH_OF('root')}))(${STORE}, ${ROOT}) }}`;

/** One rule per status n8n's tester can tell apart, in the shared client's words. */
const STATUS_RULES: IAuthenticateRuleResponseCode[] = STATUS_ANSWERS.map(({ status, message }) => ({
	type: 'responseCode',
	properties: { value: status, message },
}));

export class CommerceServiceApi implements ICredentialType {
	name = 'commerceServiceApi';

	displayName = 'Commerce Service API';

	icon: Icon = {
		light: 'file:../icons/commerceService.svg',
		dark: 'file:../icons/commerceService.dark.svg',
	};

	documentationUrl = 'https://www.npmjs.com/package/n8n-nodes-commerce-service#credential';

	properties: INodeProperties[] = [
		{
			displayName: 'Store URL',
			name: 'storeUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://shop.example.com',
			description:
				'The address of your WordPress site, as WordPress admin → Settings → General → Site Address (URL) shows it: for example https://shop.example.com, or https://example.com/store for a sub-folder',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'In WordPress admin: Studiocart → Settings → API Key. Copy all of it.',
		},
		{
			displayName: 'API Root',
			name: 'apiRoot',
			type: 'string',
			default: '',
			placeholder: '/wp-json/sc/v1',
			description:
				'Leave empty: the API is found from the Store URL, plain permalinks included. Fill it in only where the REST API has moved, for example /api/sc/v1.',
		},
	];

	// REST reads take the key in this header; the webhook operations that want it in the query read it
	// from this same credential.
	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				'x-api-key': '={{$credentials.apiKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			method: 'POST',
			url: VALIDATE_URL_EXPRESSION,
			qs: { api_key: '={{$credentials.apiKey}}' },
			disableFollowRedirect: true,
		},
		// Redirects are not followed: a followed POST arrives as a GET, and the move is the user's to confirm.
		rules: STATUS_RULES,
	};
}
