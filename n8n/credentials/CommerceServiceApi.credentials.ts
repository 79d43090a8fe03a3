import type {
	IAuthenticateGeneric,
	ICredentialTestRequest,
	ICredentialType,
	Icon,
	INodeProperties,
} from 'n8n-workflow';

/*
 * The credential test is declarative, so it cannot use the shared client's URL normalisation: it
 * rebuilds the same URL with n8n expressions. (A node's `testedBy` method could call the shared
 * `resolveStore`, but n8n lends a credential test only the deprecated `helpers.request`, which n8n's
 * lint rejects: `no-deprecated-workflow-functions`.) Handled: a Store URL typed without a scheme, with a
 * trailing slash, a sub-folder, or a pasted WordPress path (/wp-json/..., /wp-admin/...); an API Root
 * as a path (/wp-json/sc/v1), as a full URL, or in the ?rest_route=/sc/v1 form. Not handled here
 * (the nodes report these clearly, the test cannot): a Store URL that is not a host name at all, and
 * an HTML page answered with status 200 by a caching or maintenance plugin, which passes the test.
 */
/** The Store URL as the shared client normalises it: scheme added, query, WordPress paths and trailing slashes removed. */
const STORE = String.raw`$credentials.storeUrl.trim().replace(/^(?![a-z][a-z0-9+.-]*:\/\/)\/*/i, 'https://').replace(/[?#].*$/, '').replace(/\/(wp-json|wp-admin|wp-login\.php|index\.php)(\/.*)?$/i, '').replace(/\/+$/, '')`;
const ROOT = String.raw`String($credentials.apiRoot || '/wp-json/sc/v1').trim()`;
const PATH_OF = (url: string) => String.raw`${url}.replace(/^https?:\/\/[^/]+/i, '')`;
/** `?rest_route=/sc/v1` (also URL-encoded, or inside a full URL): routes go in the query. */
const ROUTE_FORM = String.raw`'/?rest_route=/' + decodeURIComponent(root.replace(/^.*[?&]rest_route=([^&#]*).*$/, '$1')).replace(/^\/+|\/+$/g, '')`;
/** A path, or a full URL whose path may repeat the store's sub-folder. */
const PATH_FORM = String.raw`'/' + (/^https?:\/\//i.test(root) && storePath && rootPath.startsWith(storePath + '/') ? rootPath.slice(storePath.length) : rootPath).replace(/^\/+|\/+$/g, '')`;

/** `POST webhook/validate/` of the store this credential points at. */
export const VALIDATE_URL_EXPRESSION = `={{ ((store, root) => ((storePath, rootPath) => store + (root.includes('rest_route=') ? ${ROUTE_FORM} : ${PATH_FORM}) + '/webhook/validate/')(${PATH_OF('store')}, ${PATH_OF('root')}))(${STORE}, ${ROOT}) }}`;

const WRONG_KEY =
	'The store did not accept the API key. Copy it again from the Studiocart settings in your WordPress admin.';

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
			default: '/wp-json/sc/v1',
			description:
				'Keep the default. If WordPress admin → Settings → Permalinks is set to Plain, enter ?rest_route=/sc/v1.',
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
		},
		rules: [
			{ type: 'responseCode', properties: { value: 401, message: WRONG_KEY } },
			{ type: 'responseCode', properties: { value: 403, message: WRONG_KEY } },
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'No Commerce Service API at this Store URL and API Root. Check the Store URL and that Studiocart is active; for a site without pretty permalinks set API Root to ?rest_route=/sc/v1.',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 500,
					message:
						'The store had an internal error. Check the WordPress error log, or ask your host.',
				},
			},
		],
	};
}
