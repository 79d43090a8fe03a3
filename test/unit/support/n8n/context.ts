import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	INodeExecutionData,
	IPairedItemData,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { CommerceServiceApi } from '../../../../n8n/credentials/CommerceServiceApi.credentials';
import { HOST, KEY, ROOT } from '../constants';
import { applyAuthenticate, performRequest, type SentRequest } from './http';
import { type FakeResponse, RecordedResponse } from './response';

/**
 * A small fake of the `this` n8n gives a node: parameters, credentials, static data, the webhook URL
 * and body, and request helpers that send real HTTP (nock intercepts it) after applying the
 * credential's `authenticate` the way n8n does.
 */

export { KEY, ORIGIN, ROOT } from '../constants';
export const CREDENTIALS = { storeUrl: `${HOST}/`, apiKey: KEY, apiRoot: ROOT };
export const WEBHOOK_URL =
	'https://n8n.example.com/webhook/3f1c9a2e-7b4d-4e8a-9c1f-2a6b8d0e4f13/webhook';

export interface FakeOptions {
	/** Node parameters; for executions, the same for every item unless `itemParameters` says otherwise. */
	parameters?: IDataObject;
	itemParameters?: IDataObject[];
	items?: INodeExecutionData[];
	credentials?: IDataObject;
	continueOnFail?: boolean;
	staticData?: IDataObject;
	webhookUrl?: string;
	bodyData?: unknown;
	rawBody?: Buffer;
	/** The webhook request's query string, as n8n parses it. */
	query?: IDataObject;
	/** The webhook's response object; a recorded one by default (`Fake.response`). */
	response?: FakeResponse;
	/** The node's version, as saved in the workflow; 1 unless given. */
	typeVersion?: number;
	/** The node's type name; `commerceServiceTool` is the node run as an AI agent's tool. */
	nodeType?: string;
	/** The id of the credential the node names, as n8n saves it in the workflow; none unless given. */
	credentialId?: string;
	/** The id of the node's workflow; `workflow-1` unless given. */
	workflowId?: string;
}

export interface Fake {
	node: INode;
	sent: SentRequest[];
	staticData: IDataObject;
	logs: string[];
	/** Each read of the node's credential, by type (n8n builds an expression sandbox for each). */
	credentialReads: string[];
}

function base(options: FakeOptions, type: string) {
	const credentialType = new CommerceServiceApi();
	const credentials = options.credentials ?? CREDENTIALS;
	const node: INode = {
		id: 'node-1',
		name: type === 'trigger' ? 'Commerce Service Trigger' : 'Commerce Service',
		type: `CUSTOM.${options.nodeType ?? (type === 'trigger' ? 'commerceServiceTrigger' : 'commerceService')}`,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		// The fake reads parameters from `options`; the node object only names the node.
		parameters: {},
		...(options.credentialId
			? { credentials: { [credentialType.name]: { id: options.credentialId, name: 'Store' } } }
			: {}),
	};
	const fake: Fake = {
		node,
		sent: [],
		staticData: options.staticData ?? {},
		logs: [],
		credentialReads: [],
	};
	const log = (level: string) => (message: string) => fake.logs.push(`${level}: ${message}`);
	const common = {
		logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
		getNode: () => node,
		getWorkflow: () => ({ id: options.workflowId ?? 'workflow-1', name: 'Workflow', active: true }),
		getCredentials: async (name: string) => {
			if (name !== credentialType.name) throw new Error(`no credential of type ${name}`);
			fake.credentialReads.push(name);
			return { ...credentials };
		},
		getWorkflowStaticData: (kind: string) => {
			if (kind !== 'node') throw new Error('the fake keeps node static data only');
			return fake.staticData;
		},
	};
	const helpers = {
		async httpRequestWithAuthentication(
			name: string,
			request: IHttpRequestOptions,
		): Promise<unknown> {
			if (name !== credentialType.name) throw new Error(`no credential of type ${name}`);
			return await performRequest(
				node,
				applyAuthenticate(credentialType, credentials, request),
				fake.sent,
			);
		},
		// n8n's helper without a credential: nothing of the credential is added.
		async httpRequest(request: IHttpRequestOptions): Promise<unknown> {
			return await performRequest(node, request, fake.sent);
		},
		returnJsonArray(data: IDataObject | IDataObject[]): INodeExecutionData[] {
			return (Array.isArray(data) ? data : [data]).map((json) => ({ json }));
		},
		constructExecutionMetaData(
			data: INodeExecutionData[],
			{ itemData }: { itemData: IPairedItemData | IPairedItemData[] },
		): INodeExecutionData[] {
			return data.map(({ json, ...rest }) => ({ json, pairedItem: itemData, ...rest }));
		},
	};
	return { fake, common, helpers, node };
}

function parameterOf(parameters: IDataObject, name: string, fallback: unknown): unknown {
	return name in parameters ? parameters[name] : fallback;
}

/** The parts of every context whose parameters do not vary by item (all but `execute`'s). */
function withNodeParameters(options: FakeOptions, type: 'action' | 'trigger') {
	const { fake, common, helpers } = base(options, type);
	const parameters = options.parameters ?? {};
	const context = {
		...common,
		helpers,
		getNodeParameter: (name: string, fallback?: unknown) => parameterOf(parameters, name, fallback),
	};
	return { fake, parameters, context };
}

export function fakeExecute(options: FakeOptions = {}): { context: IExecuteFunctions } & Fake {
	const { fake, common, helpers } = base(options, 'action');
	const items = options.items ?? [{ json: {} }];
	const context = {
		...common,
		helpers,
		getInputData: () => items,
		continueOnFail: () => options.continueOnFail === true,
		getNodeParameter: (name: string, itemIndex: number, fallback?: unknown) => {
			const parameters = {
				...(options.parameters ?? {}),
				...(options.itemParameters?.[itemIndex] ?? {}),
			};
			const value = parameterOf(parameters, name, fallback);
			if (value === undefined) throw new Error(`Could not get parameter "${name}"`);
			return value;
		},
	};
	return { context: context as unknown as IExecuteFunctions, ...fake };
}

export function fakeLoadOptions(
	options: FakeOptions = {},
): { context: ILoadOptionsFunctions } & Fake {
	const { fake, parameters, context: shared } = withNodeParameters(options, 'action');
	const context = {
		...shared,
		getCurrentNodeParameter: (name: string) => parameters[name],
		getCurrentNodeParameters: () => parameters,
	};
	return { context: context as unknown as ILoadOptionsFunctions, ...fake };
}

export function fakeHook(options: FakeOptions = {}): { context: IHookFunctions } & Fake {
	const { fake, context: shared } = withNodeParameters(options, 'trigger');
	const context = {
		...shared,
		getNodeWebhookUrl: (name: string) =>
			name === 'default' ? (options.webhookUrl ?? WEBHOOK_URL) : undefined,
		getWebhookName: () => 'default',
		getMode: () => 'trigger',
		getActivationMode: () => 'activate',
	};
	return { context: context as unknown as IHookFunctions, ...fake };
}

export interface PollOptions extends FakeOptions {
	/** n8n's mode: `trigger` for a scheduled poll, `manual` for "Fetch Test Event". */
	mode?: string;
	/** The workflow's own static data (`getWorkflowStaticData('global')`), where n8n's durable scheduler keeps its copy. */
	workflowData?: IDataObject;
}

/** n8n's `this` for a poll: the node's static data kept across polls (as n8n keeps it), the workflow's apart. */
export function fakePoll(
	options: PollOptions = {},
): { context: IPollFunctions; workflowData: IDataObject } & Fake {
	const { fake, context: shared } = withNodeParameters(options, 'trigger');
	const workflowData = options.workflowData ?? {};
	const context = {
		...shared,
		getMode: () => options.mode ?? 'trigger',
		getActivationMode: () => 'activate',
		getWorkflowStaticData: (kind: string) => (kind === 'global' ? workflowData : fake.staticData),
	};
	return { context: context as unknown as IPollFunctions, workflowData, ...fake };
}

export function fakeWebhook(
	options: FakeOptions = {},
): { context: IWebhookFunctions; response: FakeResponse } & Fake {
	const { fake, context: shared } = withNodeParameters(options, 'trigger');
	const response = options.response ?? new RecordedResponse();
	const context = {
		...shared,
		getBodyData: () => options.bodyData ?? {},
		getQueryData: () => options.query ?? {},
		getRequestObject: () => ({ body: options.bodyData ?? {}, rawBody: options.rawBody }),
		getResponseObject: () => response,
		getMode: () => 'trigger',
	};
	return { context: context as unknown as IWebhookFunctions, response, ...fake };
}
