/** Records of the shared client and deliveries (plain JSON from the store) as n8n item data. */
import type { IDataObject } from 'n8n-workflow';

export function toItems(records: readonly object[]): IDataObject[] {
	return records.map((record) => ({ ...record }) as IDataObject);
}
