/**
 * What Get and Get Many return from version 2 on: Simplify (on by default) in a workflow; as an AI
 * agent's tool, Output: Simplified, Raw or Selected Fields (the ID always kept). The selection itself
 * is shared (`simplifyRecord`, `pickFields`); this file only shows it and reads the choice.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { FIELDS, type RecordResource, pickFields, simplifyRecord } from '@commerce-service/shared';

/** Shown from version 2 on: version 1 nodes keep returning whole records. */
export const FROM_VERSION_2 = { '@version': [{ _cnd: { gte: 2 } }] };
export const VERSION_1 = { '@version': [1] };

/** The store's own fields of a resource; each time's `*_iso` instant comes with it. */
function fieldOptions(resource: RecordResource) {
	return FIELDS[resource]
		.filter((field) => !field.key.endsWith('_iso'))
		.map((field) => ({ name: field.label, value: field.key }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export function outputProperties(resource: RecordResource): INodeProperties[] {
	return [
		{
			displayName: 'Simplify',
			name: 'simplify',
			type: 'boolean',
			default: true,
			description: 'Whether to return a simplified version of the response instead of the raw data',
			displayOptions: { show: { ...FROM_VERSION_2, '@tool': [false] } },
		},
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			default: 'simplified',
			options: [
				{ name: 'Raw', value: 'raw', description: 'Every field the store returns' },
				{
					name: 'Selected Fields',
					value: 'selected',
					description: 'Only the fields chosen in Fields, and always the ID',
				},
				{
					name: 'Simplified',
					value: 'simplified',
					description: 'At most 10 of the most used fields, flat, with their ISO times',
				},
			],
			description: 'How much of each record to return to the agent',
			builderHint: {
				propertyHint:
					'Simplified keeps an agent context small; choose Selected Fields to name exactly the fields needed',
			},
			displayOptions: { show: { ...FROM_VERSION_2, '@tool': [true] } },
		},
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			default: [],
			options: fieldOptions(resource),
			description: 'The fields to return; the ID is always returned',
			displayOptions: { show: { ...FROM_VERSION_2, '@tool': [true], output: ['selected'] } },
		},
	];
}

/** The records as the node's version and the user's choice want them. */
export function shapeRecords(
	context: IExecuteFunctions,
	resource: RecordResource,
	records: IDataObject[],
	itemIndex: number,
): IDataObject[] {
	const node = context.getNode();
	if (node.typeVersion < 2) return records;
	let output = 'simplified';
	if (node.type.endsWith('Tool')) {
		output = String(context.getNodeParameter('output', itemIndex, 'simplified'));
	} else if (!(context.getNodeParameter('simplify', itemIndex, true) as boolean)) {
		output = 'raw';
	}
	if (output === 'raw') return records;
	if (output === 'selected') {
		const fields = context.getNodeParameter('fields', itemIndex, []) as string[];
		return records.map((record) => pickFields(record, fields) as IDataObject);
	}
	return records.map((record) => simplifyRecord(resource, record) as IDataObject);
}
