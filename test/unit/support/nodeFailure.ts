/** What an n8n node threw: its NodeApiError or NodeOperationError (any other error fails the test as it is). */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { failure } from './failure';

export const nodeFailure = (run: () => Promise<unknown>): Promise<NodeApiError | NodeOperationError> =>
  failure<NodeApiError | NodeOperationError>(run, NodeApiError, NodeOperationError);
