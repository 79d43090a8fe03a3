/**
 * The resource → operation map of the action node, as n8n-nodes-base types its v2 nodes
 * (Airtable/v2/actions/node.type.ts): each resource's `operations` table, the Operation selector's
 * values and the router are typed from it, so an operation name that is not listed here, or one
 * listed here without its module, fails the typecheck.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CommerceServiceClient } from '../../../../shared/src';

export interface NodeMap {
	customer: 'get' | 'getAll' | 'getByEmail';
	order: 'get' | 'getAll' | 'getAllForSubscription' | 'getLatest' | 'getSalesSummary';
	product: 'get' | 'getAll' | 'getPlans' | 'getPublished';
	subscription: 'get' | 'getAll';
}

export type Resource = keyof NodeMap;

/** What every `*.operation.ts` exports: its parameters and what it does for one input item. */
export interface OperationModule {
	description: INodeProperties[];
	execute(
		this: IExecuteFunctions,
		client: CommerceServiceClient,
		itemIndex: number,
	): Promise<IDataObject[]>;
}

/** A resource's operation modules, exactly one per operation name of `NodeMap`. */
export type OperationsOf<R extends Resource> = { [O in NodeMap[R]]: OperationModule };

/** Every resource's operations. */
export type OperationTable = { [R in Resource]: OperationsOf<R> };
