/**
 * What one warm read runs of the project: n8n's Order → Get (the action node's `execute` with the test
 * kit's `this`, whose `httpRequest` is real HTTP) and Zapier's Find Order (`createAppTester`), each
 * against a sandbox in its own process, after a first read has met the store. V8's precise coverage
 * (call counts) over the warm read gives the functions, calls and files of `shared/src`, `n8n/nodes` and
 * `zapier/src` it ran; the stack at the HTTP request (Node's `http.client.request.start` channel,
 * async frames included) gives the project's frames there. `npm run bench -- trace`.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { CommerceService as ActionNode } from '../../n8n/nodes/CommerceService/CommerceService.node';
import { REPO_ROOT } from '../toolchain';
import { plainRequest } from './plainHttp';
import { startSandboxProcess } from './sandboxProcess';

const KEY = 'bench-trace-key';
const PROJECT = ['shared/src/', 'n8n/nodes/', 'zapier/src/'];

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  scriptId: string;
  url: string;
  functions: FunctionCoverage[];
}

/** The repository-relative path of a project file, or undefined for anything else (tests, kits, node_modules). */
function projectFile(location: string): string | undefined {
  const file = location.startsWith('file://') ? new URL(location).pathname : location;
  const relative = path.relative(REPO_ROOT, file);
  return PROJECT.some((prefix) => relative.startsWith(prefix)) ? relative : undefined;
}

interface Tally {
  functions: number;
  calls: number;
  files: string[];
  busiest: { name: string; calls: number }[];
  all: { name: string; calls: number }[];
}

/**
 * What tsx's CommonJS output adds to every module, not written by anyone: its helpers (`__name`,
 * `__export`, …), the module wrappers, and each export's getter (`()=>entriesOf`, `()=>from[key]`),
 * which every use of an import calls. A bundle (n8n's) has none of them.
 */
function isTransformed(name: string, text: string, startOffset: number): boolean {
  return (
    startOffset === 0 ||
    name.startsWith('__') ||
    text.startsWith('()=>{\n"use strict"') ||
    /^\(\)=>(?:[\w$.]+|from\[key\])$/.test(text)
  );
}

async function tally(session: Session, coverage: ScriptCoverage[]): Promise<Tally> {
  let functions = 0;
  let calls = 0;
  const files = new Set<string>();
  const busiest: { name: string; calls: number }[] = [];
  for (const script of coverage) {
    const file = projectFile(script.url);
    if (!file) continue;
    const { scriptSource } = (await session.post('Debugger.getScriptSource', { scriptId: script.scriptId })) as {
      scriptSource: string;
    };
    for (const fn of script.functions) {
      const range = fn.ranges[0];
      if (!range || range.count === 0) continue;
      if (isTransformed(fn.functionName, scriptSource.slice(range.startOffset, range.endOffset), range.startOffset))
        continue;
      functions += 1;
      calls += range.count;
      files.add(file);
      busiest.push({ name: `${fn.functionName || '(anonymous)'} ${file}`, calls: range.count });
    }
  }
  busiest.sort((a, b) => b.calls - a.calls);
  return { functions, calls, files: [...files].sort(), busiest: busiest.slice(0, 8), all: busiest };
}

/** The project's frames in a stack, innermost first, as `function file:line`. */
function projectFrames(stack: string): string[] {
  const frames: string[] = [];
  for (const line of stack.split('\n').slice(1)) {
    const match = /at (?:async )?(?:(.*?) \()?(\S+?):(\d+):\d+\)?$/.exec(line.trim());
    if (!match?.[2]) continue;
    const file = projectFile(match[2]);
    if (file) frames.push(`${match[1] ?? '(anonymous)'} ${file}:${match[3]}`);
  }
  return frames;
}

/** Runs `read` twice (the store met, then warm) and measures the second run. */
async function measure(session: Session, label: string, read: () => Promise<unknown>): Promise<void> {
  await read();
  await session.post('Profiler.takePreciseCoverage');
  const stacks: string[] = [];
  const onRequest = () => stacks.push(new Error('request').stack ?? '');
  subscribe('http.client.request.created', onRequest);
  try {
    await read();
  } finally {
    unsubscribe('http.client.request.created', onRequest);
  }
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as { result: ScriptCoverage[] };
  const { functions, calls, files, busiest, all } = await tally(session, result);
  const frames = projectFrames(stacks[0] ?? '');
  console.log(`\n${label}: ${stacks.length} request(s); ${functions} functions, ${calls} calls, ${files.length} files`);
  console.log(`  ${frames.length} project frames at the HTTP request (innermost first):`);
  for (const frame of frames) console.log(`    ${frame}`);
  console.log(`  files: ${files.join(', ')}`);
  console.log(`  most called: ${busiest.map((entry) => `${entry.name} ×${entry.calls}`).join('; ')}`);
  if (process.env.TRACE_FUNCTIONS) for (const entry of all) console.log(`    ${entry.calls}\t${entry.name}`);
}

export async function readTrace(): Promise<void> {
  const sandbox = await startSandboxProcess({ size: 20, latencyMs: 0, apiKey: KEY });
  const session = new Session();
  session.connect();
  const previousLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  try {
    const listed = await plainRequest(`${sandbox.url}/wp-json/sc/v1/orders?per_page=1`, {
      headers: { 'x-api-key': KEY },
    });
    const [first] = JSON.parse(listed.body) as { id: number }[];
    if (!first) throw new Error('the sandbox listed no order');
    const orderId = String(first.id);
    await session.post('Debugger.enable');
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

    // Loaded after coverage started, so every function of the adapters is counted from its first call.
    const { fakeExecute } = await import('../../test/unit/support/n8n/context');
    // By its full name: without `.ts`, `CommerceService.node` resolves to the codex file beside it.
    const { CommerceService } = createRequire(__filename)(
      '../../n8n/nodes/CommerceService/CommerceService.node.ts',
    ) as { CommerceService: typeof ActionNode };
    const node = new CommerceService();
    await measure(session, 'n8n Order → Get (version 2, Simplify on)', async () => {
      const { context } = fakeExecute({
        typeVersion: 2,
        credentials: { storeUrl: sandbox.url, apiKey: KEY, apiRoot: '' },
        parameters: {
          resource: 'order',
          operation: 'get',
          orderId: { __rl: true, mode: 'id', value: orderId },
        },
      });
      return await node.execute.call(context);
    });

    const { createAppTester } = await import('zapier-platform-core');
    const App = (await import('../../zapier/src')).default;
    const appTester = createAppTester(App);
    const perform = App.searches.find_order?.operation.perform;
    if (!perform) throw new Error('the Zapier app has no find_order search');
    await measure(session, 'Zapier Find Order', () =>
      appTester(perform as Parameters<typeof appTester>[0], {
        authData: { storeUrl: sandbox.url, apiKey: KEY, apiRoot: '' },
        inputData: { order_id: orderId },
      }),
    );
  } finally {
    Error.stackTraceLimit = previousLimit;
    await session.post('Profiler.stopPreciseCoverage').catch(() => undefined);
    session.disconnect();
    await sandbox.close();
  }
}
