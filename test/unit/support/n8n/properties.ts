import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';

/** Every parameter, collection entry and fixed-collection value of a node description, at any depth. */
export function allProperties(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => [
		property,
		...allProperties(
			(property.options ?? []).filter(
				(option): option is INodeProperties => 'type' in option && 'name' in option,
			),
		),
		...(property.options ?? [])
			.filter((option): option is INodePropertyCollection => 'values' in option)
			.flatMap((collection) => allProperties(collection.values)),
	]);
}
