/**
 * The Product and Plans parameters both nodes show, filled by the loaders in `../methods/loadOptions.ts`.
 * One name per meaning: `productPicker` picks the one product an operation reads (required);
 * `productFilter` and `planFilter` narrow what an operation or trigger returns (empty means any).
 * Each description ends with n8n's standard dynamic-options sentence written out, not built from a
 * constant: n8n's node linter (run by `n8n-node lint` and n8n's scanner) reads only literal text.
 */
import type { INodeProperties } from 'n8n-workflow';

/** The product an operation reads, from the published products (a draft needs an expression). */
export const productPicker: INodeProperties = {
	displayName: 'Product Name or ID',
	name: 'productId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getProducts' },
	required: true,
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'The list shows published products; use an expression for a draft',
};

/** Only records of this product; "Any Product" (empty) first. `only` names what is narrowed. */
export function productFilter(only: string): INodeProperties {
	return {
		displayName: 'Product Name or ID',
		name: 'productId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getProductsOrAny' },
		default: '',
		description: `Only ${only} of this product (also when it was bought as a bump). Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

/** Only records of these plans of the chosen product, or bought as a bump, upsell or downsell. */
export function planFilter(only: string, dependsOn = 'productId'): INodeProperties {
	return {
		displayName: 'Plan Names or IDs',
		name: 'planIds',
		type: 'multiOptions',
		// `productId.value` when the product is a record locator (the triggers' version 2).
		typeOptions: { loadOptionsMethod: 'getPlans', loadOptionsDependsOn: [dependsOn] },
		default: [],
		description: `Only ${only}; none means any. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}
