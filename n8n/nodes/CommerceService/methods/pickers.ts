import type { INodeProperties } from 'n8n-workflow';

/**
 * The Product and Plans parameters that the `getProductsOrAny` and `getPlans` loaders fill, for the
 * action node's Get Latest and the trigger alike; only what they narrow differs.
 */
const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

export function productPicker(only: string): INodeProperties {
	return {
		displayName: 'Product Name or ID',
		name: 'productId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getProductsOrAny' },
		default: '',
		description: `Only ${only} of this product (also when it was bought as a bump). Choose from the list, or specify an ID using an ${EXPRESSION_LINK}.`,
	};
}

export function planPicker(only: string): INodeProperties {
	return {
		displayName: 'Plan Names or IDs',
		name: 'planIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getPlans', loadOptionsDependsOn: ['productId'] },
		default: [],
		description: `Only ${only}; none means any. Choose from the list, or specify IDs using an ${EXPRESSION_LINK}.`,
	};
}
