/**
 * The action node's resource → operation map is a type: these checks run in the typecheck
 * (`npx tsc -p tsconfig.json`), where each `@ts-expect-error` fails the build if the error disappears.
 */
import type {
	OperationModule,
	OperationsOf,
} from '../../../n8n/nodes/CommerceService/actions/node.type';
import { operations as customerOperations } from '../../../n8n/nodes/CommerceService/actions/customer';
import { operationSelector } from '../../../n8n/nodes/CommerceService/actions/descriptions';

const anyModule: OperationModule = customerOperations.get;

describe('the typed resource → operation map', () => {
	it('accepts exactly the operations listed for a resource', () => {
		// Derived from the customer folder's own map, so a new customer operation needs no edit here.
		const exact: OperationsOf<'customer'> = { ...customerOperations };
		const extra: OperationsOf<'customer'> = {
			...customerOperations,
			// @ts-expect-error "delete" is not an operation of customer
			delete: anyModule,
		};
		const { getAll: _left, ...withoutGetAll } = customerOperations;
		// @ts-expect-error getAll is missing
		const missing: OperationsOf<'customer'> = withoutGetAll;
		const listed = Object.keys(customerOperations);
		expect(listed).toEqual(expect.arrayContaining(['get', 'getAll', 'getByEmail']));
		expect(Object.keys(exact)).toEqual(listed);
		expect(Object.keys(extra)).toHaveLength(listed.length + 1);
		expect(Object.keys(missing)).toHaveLength(listed.length - 1);
	});

	it('types the Operation selector values by resource', () => {
		const selector = operationSelector(
			'customer',
			[{ name: 'Get', value: 'get', action: 'Get a customer' }],
			'get',
		);
		operationSelector(
			'customer',
			// @ts-expect-error getPlans is a product operation, not a customer one
			[{ name: 'Get Plans', value: 'getPlans', action: 'Get plans' }],
			'get',
		);
		expect(selector.displayOptions).toEqual({ show: { resource: ['customer'] } });
	});
});
