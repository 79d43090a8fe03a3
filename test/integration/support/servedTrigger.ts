import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IDataObject, INodeExecutionData, INodeType, IWebhookResponseData } from 'n8n-workflow';

import { CommerceServiceTrigger } from '../../../n8n/nodes/CommerceServiceTrigger/CommerceServiceTrigger.node';
import { fakeExecute, fakeWebhook } from '../../unit/support/n8n/context';

/**
 * The n8n webhook trigger served over real HTTP on 127.0.0.1, the way n8n serves a production webhook
 * with responseMode `onReceived`: the body parsed as JSON when it is JSON (the raw bytes kept), the
 * node's context a fake (test/unit/support/n8n) whose response object is the real `http.ServerResponse`;
 * after `webhook()` resolves, n8n's own answer (`webhookResponse`) unless the node returned
 * `noWebhookResponse`. Returned `workflowData` starts an execution: stored as JSON, as n8n's database
 * holds it, then the node's `execute()` runs on it, after the answer.
 */

export interface StoreAccess {
  url: string;
  apiKey: string;
  apiRoot: string;
}

export interface ServedTrigger {
  url: string;
  /** The trigger's output in every execution started, in the order their `execute()` finished. */
  executions: IDataObject[][];
  /** What the node logged (n8n's logger), across deliveries. */
  logs: string[];
  /** Errors `webhook()` or an execution threw. */
  errors: string[];
  /** Resolves once every delivery received so far has been answered and its execution has finished. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function serveTrigger(store: StoreAccess, parameters: IDataObject): Promise<ServedTrigger> {
  const node: INodeType = new CommerceServiceTrigger();
  const webhook = node.webhook;
  if (!webhook) throw new Error('the node has no webhook()');
  const executions: IDataObject[][] = [];
  const logs: string[] = [];
  const errors: string[] = [];
  const running = new Set<Promise<void>>();

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const raw = await readAll(req);
    const { context, logs: nodeLogs } = fakeWebhook({
      parameters,
      credentials: { storeUrl: store.url, apiKey: store.apiKey, apiRoot: store.apiRoot },
      bodyData: parseJsonBody(req, raw),
      rawBody: raw,
      response: res,
    });
    let result: IWebhookResponseData;
    try {
      result = await webhook.call(context);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
      if (!res.headersSent) answer(res, 500, { message: 'Error in workflow' });
      return;
    } finally {
      logs.push(...nodeLogs);
    }
    // n8n with responseMode onReceived: its answer comes after webhook() resolved, unless the node answered.
    if (!result.noWebhookResponse) {
      if (res.headersSent) errors.push('the node answered, and n8n would answer a second time');
      else answer(res, 200, result.webhookResponse ?? { message: 'Workflow was started' });
    } else if (!res.headersSent) errors.push('noWebhookResponse, but the node wrote no answer: the store would hang');
    if (result.workflowData) await execute(JSON.stringify(result.workflowData[0] ?? []));
  };

  const execute = async (stored: string): Promise<void> => {
    if (!node.execute) throw new Error('the node has no execute()');
    const run = fakeExecute({
      parameters,
      credentials: { storeUrl: store.url, apiKey: store.apiKey, apiRoot: store.apiRoot },
      items: JSON.parse(stored) as INodeExecutionData[],
      nodeType: 'commerceServiceTrigger',
    });
    try {
      const output = (await node.execute.call(run.context)) as INodeExecutionData[][];
      executions.push((output[0] ?? []).map((item) => item.json));
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    } finally {
      logs.push(...run.logs);
    }
  };

  const server = http.createServer((req, res) => {
    const done = handle(req, res).finally(() => running.delete(done));
    running.add(done);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    executions,
    logs,
    errors,
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function readAll(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** n8n's JSON body parser: a JSON body becomes an object; anything else stays `{}` (the node reads the raw bytes). */
function parseJsonBody(req: http.IncomingMessage, raw: Buffer): unknown {
  if (!/json/i.test(req.headers['content-type'] ?? '')) return {};
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    return {};
  }
}

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
  res.end(text);
}
