/**
 * The Resource Locator of each record an operation reads (n8n's UX guidelines: a locator wherever
 * possible, From List first). From List reads the store's own lists (`../methods/listSearch.ts`);
 * By URL takes the WordPress admin edit link or the record's API link, read by the shared
 * `recordIdFromLink`, which also says which link was expected when another is pasted.
 */
import type { INodeProperties } from 'n8n-workflow';

import { RECORD_COLLECTIONS, type RecordResource } from '@commerce-service/shared';
import { searchMethodName } from '../methods/listSearch';

export interface LocatorText {
	displayName: string;
	name: string;
	description: string;
}

/** A required record locator, From List by default. */
export function recordLocator(resource: RecordResource, text: LocatorText): INodeProperties {
	const collection = RECORD_COLLECTIONS[resource];
	const linkHelp = `Paste the ${resource}'s edit link from your WordPress admin (…/wp-admin/post.php?post=1042&action=edit) or its API link (…/wp-json/sc/v1/${collection}/1042)`;
	return {
		displayName: text.displayName,
		name: text.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: text.description,
		builderHint: {
			propertyHint: `Use mode "id" with the ${resource} number (e.g. 1042) or mode "url" with its admin or API link; "list" is for a person picking`,
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${resource}...`,
				typeOptions: {
					searchListMethod: searchMethodName(resource),
					searchable: true,
					slowLoadNotice: {
						message: 'A search reads the whole list on a large store: By ID is instant',
						timeout: 8000,
					},
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 1042',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '#?\\s*[1-9][0-9]*\\s*',
							errorMessage: `Enter the number of the ${resource}, e.g. 1042`,
						},
					},
				],
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. https://shop.example.com/wp-admin/post.php?post=1042&action=edit`,
				hint: linkHelp,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `\\s*(https?://)?[^\\s]+(post=[0-9]+|/${collection}/[0-9]+)[^\\s]*`,
							errorMessage: linkHelp,
						},
					},
				],
			},
		],
	};
}

/** The Product locator from version 2 on (version 1 keeps the Product Name or ID picker). */
export function productLocator(description: string): INodeProperties {
	return {
		...recordLocator('product', { displayName: 'Product', name: 'productId', description }),
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
	};
}
