import type { IDataObject, INode, INodeTypes } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

/**
 * Resolves n8n expressions (`={{ ... }}`) with n8n-workflow's own expression engine, the way n8n's
 * credentials helper does for `authenticate` and the routing node does for a credential `test`:
 * with `$credentials` as an additional key. `node` is a bare No Op node, also the node a credential
 * test's request is sent for.
 */
export const node: INode = {
	id: 'expression-node',
	name: 'Expression Node',
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const nodeTypes = {
	getByName: () => ({ description: { properties: [] } }),
	getByNameAndVersion: () => ({ description: { name: node.type, properties: [] } }),
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;

const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });

export function resolveValue(value: string, credentials: IDataObject): unknown {
	if (!value.startsWith('=')) return value;
	return workflow.expression.getParameterValue(value, null, 0, 0, node.name, [], 'internal', {
		$credentials: credentials,
	});
}
