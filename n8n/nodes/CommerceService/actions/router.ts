import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { CommerceServiceClient } from '@commerce-service/shared';
import { n8nClient } from '../../common/transport';
import { storeNodeError } from '../../common/transport/errors';
import type { OperationModule, Resource, ResourceFolders } from './node.type';
import * as customer from './customer';
import * as order from './order';
import * as product from './product';
import * as subscription from './subscription';

/** Every resource's folder: a shared record resource without one fails the typecheck here. */
export const RESOURCE_FOLDERS: ResourceFolders = { customer, order, product, subscription };

function isResource(value: string): value is Resource {
	return Object.hasOwn(RESOURCE_FOLDERS, value);
}

/** The module for the chosen resource and operation, or nothing for a pair the node does not have. */
function operationModule(resource: string, operation: string): OperationModule | undefined {
	if (!isResource(resource)) return undefined;
	const operations: Partial<Record<string, OperationModule>> =
		RESOURCE_FOLDERS[resource].operations;
	return Object.hasOwn(operations, operation) ? operations[operation] : undefined;
}

/** Runs the chosen operation once per input item; each output item is paired with its input. */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const module = operationModule(resource, operation);
	if (!module) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}

	const returnData: INodeExecutionData[] = [];
	let client: CommerceServiceClient | undefined;
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			// Made inside the loop so a credential problem becomes a per-item error under Continue On Fail.
			client ??= await n8nClient.call(this);
			const records = await module.execute.call(this, client, itemIndex);
			returnData.push(
				...this.helpers.constructExecutionMetaData(this.helpers.returnJsonArray(records), {
					itemData: { item: itemIndex },
				}),
			);
		} catch (error) {
			const nodeError = storeNodeError(this, error, itemIndex);
			if (this.continueOnFail()) {
				returnData.push({
					json: { error: nodeError.message, description: nodeError.description ?? null },
					pairedItem: { item: itemIndex },
				});
				continue;
			}
			throw nodeError;
		}
	}
	return [returnData];
}
