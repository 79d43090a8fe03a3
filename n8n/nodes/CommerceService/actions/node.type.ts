/**
 * The resource → operation map of the action node, as n8n-nodes-base types its v2 nodes
 * (Airtable/v2/actions/node.type.ts): each resource's `operations` table, the Operation selector's
 * values and the router are typed from it, so an operation name that is not listed here, or one
 * listed here without its module, fails the typecheck.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { CommerceServiceClient, RecordResource } from '@commerce-service/shared';

export interface NodeMap {
	customer: 'get' | 'getAll' | 'getByEmail';
	order: 'get' | 'getAll' | 'getAllForSubscription' | 'getLatest' | 'getSalesSummary';
	product: 'get' | 'getAll' | 'getPlans' | 'getPublished';
	subscription: 'get' | 'getAll';
}

/** The node's resources are the shared record resources: one missing from `NodeMap` fails `OperationsOf`. */
export type Resource = RecordResource;

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

/** A resource's folder (`actions/<resource>/index.ts`): its Operation selector and parameters, and its operations. */
interface ResourceFolder<R extends Resource> {
	description: INodeProperties[];
	operations: OperationsOf<R>;
}

/** Every resource's folder. */
export type ResourceFolders = { [R in Resource]: ResourceFolder<R> };
