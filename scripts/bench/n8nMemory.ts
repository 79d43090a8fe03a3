/**
 * Return All's memory where a user meets it: Order → Get Many with Return All of 100,000 orders in a
 * real n8n (single process, `n8n execute`), as the peak resident memory of the n8n process. Side by
 * side, in one run: the package as it was built at BASELINE (the record caches of
 * shared/src/resources/compact.ts), the package built from this checkout (or from `--build <ref>`),
 * n8n's own HTTP Request node paging the same orders, and n8n reading nothing (its own footprint).
 *
 * Peak RSS is the kernel's high-water mark of the process (getrusage's ru_maxrss, the same figure as
 * VmHWM in /proc/<pid>/status), which `n8n execute` reports as it exits through a `--require`d hook:
 * no sample interval can miss a short peak (n8n serialising the run at its end is one). The task
 * runner it starts is sampled from /proc (below).
 * `n8n execute` prints the whole run, as a server saves it to its database: a cost every row pays.
 *
 * Version 1 runs for every build (the baseline has no version 2), and version 2, as a new node is
 * added, with Simplify on (its default) and off for the newest build.
 *
 * Seen on the bench machine (2 cores, load average under 2; one run), 87 MiB of JSON: n8n reading
 * nothing 402 MiB; version 2 with Simplify on 1,358 MiB, off 2,085 MiB; version 1 2,061 MiB, and at
 * 6d725ba (shape and shared-string caches) 1,957 MiB; n8n's HTTP Request node 1,543 MiB. What each
 * record carries beyond the store's JSON, and why: docs/simplify.md#what-return-all-costs-in-n8n.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  openSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { freePort, n8nEnv, type N8nHome } from '../n8n/env';
import { ensureN8n } from '../n8n/install';
import { importCredentials, importWorkflows, type N8nWorkflowJson } from '../n8n/cli';
import { descendants } from '../kit/burst';
import { buildAt, buildPackage } from './packageBuild';
import { plainRequest } from './plainHttp';
import { startSandboxProcess } from './sandboxProcess';

const KEY = 'bench-n8n-memory-key';
const ORDERS = 100_000;
const PER_PAGE = 100;
/** main before issue 37's restructuring: the package with the record caches of compact.ts. */
const BASELINE = '6d725ba';

const CREDENTIAL = { id: 'benchStoreCred01', name: 'Bench store' };
const HEADER_CREDENTIAL = { id: 'benchHeaderCred1', name: 'Bench store API key header' };

/** Each Node process's peak as it exits, one JSON line in BENCH_PEAK_FILE (CommonJS, for `--require`). */
const PEAK_HOOK = `const fs = require('fs');
process.on('exit', (code) => {
  try {
    const line = { pid: process.pid, code, argv: process.argv.slice(1, 3).map((a) => a.split('/').pop()), maxRssKiB: process.resourceUsage().maxRSS };
    fs.appendFileSync(process.env.BENCH_PEAK_FILE, JSON.stringify(line) + '\\n');
  } catch {}
});
`;

interface Peak {
  /** The `n8n execute` process. */
  mainKiB: number;
  /** The largest process it started (its task runner). */
  childrenKiB: number;
  items: number;
  seconds: number;
}

/** VmHWM of a process in KiB (its peak RSS so far), 0 once it is gone. */
function highWaterKiB(pid: number): number {
  try {
    return Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const mib = (kib: number): string => `${(kib / 1024).toFixed(0)} MiB`;

const manualTrigger = { id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1 };

function workflow(id: string, name: string, node?: Record<string, unknown>): N8nWorkflowJson {
  const start = { ...manualTrigger, position: [0, 0], parameters: {} };
  return {
    id,
    name,
    nodes: node ? [start, { position: [260, 0], ...node }] : [start],
    connections: node ? { Start: { main: [[{ node: node.name, type: 'main', index: 0 }]] } } : {},
    settings: { executionOrder: 'v1' },
  };
}

/** Order → Get Many with Return All, at a node version: 2 as a new node is added, with Simplify as given. */
function getManyWorkflow(id: string, typeVersion: 1 | 2, simplify?: boolean): N8nWorkflowJson {
  const label = typeVersion === 1 ? 'version 1' : `version 2, Simplify ${simplify ? 'on' : 'off'}`;
  return workflow(id, `bench: Order → Get Many, Return All, ${label}`, {
    id: 'orders',
    name: 'Orders',
    type: 'CUSTOM.commerceService',
    typeVersion,
    parameters: {
      resource: 'order',
      operation: 'getAll',
      returnAll: true,
      ...(simplify === undefined ? {} : { simplify }),
    },
    credentials: { commerceServiceApi: CREDENTIAL },
  });
}

const WORKFLOWS = {
  nothing: workflow('benchMemNothing1', 'bench: n8n reading nothing'),
  node: getManyWorkflow('benchMemPackage1', 1),
  simplified: getManyWorkflow('benchMemSimplify', 2, true),
  full: getManyWorkflow('benchMemFullRecs', 2, false),
  // What a user builds without the package: pages 1, 2, ... of 100 until X-WP-TotalPages, the key in a header.
  http: workflow('benchMemHttpNode1', 'bench: HTTP Request, paged', {
    id: 'orders',
    name: 'Orders',
    type: 'n8n-nodes-base.httpRequest',
    typeVersion: 4.2,
    credentials: { httpHeaderAuth: HEADER_CREDENTIAL },
    parameters: {
      url: '', // set per store
      authentication: 'genericCredentialType',
      genericAuthType: 'httpHeaderAuth',
      sendQuery: true,
      queryParameters: { parameters: [{ name: 'per_page', value: String(PER_PAGE) }] },
      options: {
        pagination: {
          pagination: {
            paginationMode: 'updateAParameterInEachRequest',
            parameters: { parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }] },
            paginationCompleteWhen: 'other',
            completeExpression: '={{ $pageCount >= Number($response.headers["x-wp-totalpages"]) }}',
          },
        },
      },
    },
  }),
};

/** The bytes of JSON the orders are, page by page as the HTTP Request node reads them (nothing kept). */
async function jsonBytes(url: string): Promise<{ bytes: number; records: number; pages: number }> {
  let bytes = 0;
  let records = 0;
  for (let page = 1; ; page += 1) {
    const answer = await plainRequest(`${url}/wp-json/sc/v1/orders?page=${page}&per_page=${PER_PAGE}`, {
      headers: { 'x-api-key': KEY, accept: 'application/json' },
    });
    if (answer.status !== 200) throw new Error(`orders page ${page}: HTTP ${answer.status}`);
    bytes += Buffer.byteLength(answer.body);
    records += (JSON.parse(answer.body) as unknown[]).length;
    if (page >= Number(answer.headers['x-wp-totalpages'])) return { bytes, records, pages: page };
  }
}

/**
 * `n8n execute` of one workflow in its own process, with the peak hook. Its printout of the run (hundreds
 * of MB) goes to a file, where Node writes synchronously: through a pipe n8n would hold what the reader
 * has not taken yet, and its exit cuts the pipe short. The items are then counted line by line.
 */
async function measuredExecute(home: N8nHome, workflowId: string, dir: string): Promise<Peak> {
  const peakFile = path.join(dir, `peaks-${workflowId}-${Date.now()}.jsonl`);
  const printout = path.join(dir, `run-${workflowId}-${Date.now()}.json`);
  const env = n8nEnv(
    {
      ...home,
      env: { ...home.env, NODE_OPTIONS: `--require ${path.join(dir, 'peak.cjs')}`, BENCH_PEAK_FILE: peakFile },
    },
    { N8N_RUNNERS_BROKER_PORT: String(await freePort()) },
  );
  const started = performance.now();
  const out = openSync(printout, 'w');
  const child = spawn(home.install.nodeBin, [home.install.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'], {
    cwd: home.userFolder,
    env,
    detached: true,
    stdio: ['ignore', out, 'pipe'],
  });
  closeSync(out);
  const tail: string[] = [];
  const keep = (line: string) => {
    tail.push(line.slice(0, 300));
    if (tail.length > 40) tail.shift();
  };
  if (child.stderr) createInterface({ input: child.stderr }).on('line', keep);
  // The task runner n8n starts gets an environment of its own (no NODE_OPTIONS): its VmHWM is
  // sampled instead, every 250 ms (it runs Code nodes only, so its peak is its start-up).
  const childPeaks = new Map<number, number>();
  const sampler = setInterval(() => {
    for (const pid of descendants(child.pid ?? 0))
      childPeaks.set(pid, Math.max(childPeaks.get(pid) ?? 0, highWaterKiB(pid)));
  }, 250);
  const ended = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(signal ?? `exit ${String(code)}`));
  });
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  try {
    process.kill(-(child.pid ?? 0), 'SIGKILL'); // a task runner left behind
  } catch {
    // the group is gone
  }
  const peaks = existsSync(peakFile)
    ? readFileSync(peakFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { pid: number; code: number; maxRssKiB: number })
    : [];
  const main = peaks.find((peak) => peak.pid === child.pid);
  let items = 0;
  let status = '';
  for await (const line of createInterface({ input: createReadStream(printout) })) {
    if (line.trim() === '"json": {') items += 1;
    else if (/^ {2}"status": "/.test(line)) status = /"status": "(\w+)"/.exec(line)?.[1] ?? '';
    keep(line);
  }
  rmSync(printout, { force: true });
  // n8n 2.41's execute crashes (SIGSEGV) in native teardown after it has exited 0: its exit handlers ran.
  if (main?.code !== 0 || status !== 'success')
    throw new Error(
      `n8n execute ${workflowId} ended ${ended} (exit handlers: ${main ? `code ${main.code}` : 'not run'}), status "${status}":\n${tail.join('\n')}`,
    );
  // One runner at a time (n8n starts another when one ends): the largest, not their sum.
  const childrenKiB = Math.max(0, ...childPeaks.values());
  return { mainKiB: main.maxRssKiB, childrenKiB, items, seconds };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

/**
 * The memory section of `npm run bench`: `builds` (default: BASELINE and this checkout) and n8n's HTTP
 * Request node, each run `runs` times, interleaved, against one store of 100,000 orders.
 */
export async function n8nMemory(options: { refs?: string[]; runs?: number } = {}): Promise<void> {
  const others = options.refs?.length
    ? await Promise.all(options.refs.map(buildAt))
    : [{ label: 'the package, this checkout' }];
  const builds = [await buildAt(BASELINE), ...others];
  const runs = options.runs ?? 1;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-n8n-memory-'));
  const started = performance.now();
  try {
    writeFileSync(path.join(dir, 'peak.cjs'), PEAK_HOOK);
    const install = await ensureN8n();
    const dists: string[] = [];
    for (const build of builds) dists.push(await buildPackage(build, dir));
    const store = await startSandboxProcess({ size: ORDERS, latencyMs: 0, apiKey: KEY });
    try {
      const json = await jsonBytes(store.url);
      const home: N8nHome = { install, userFolder: path.join(dir, 'n8n'), customExtensions: dists[0] };
      await importCredentials(home, [
        {
          ...CREDENTIAL,
          type: 'commerceServiceApi',
          data: { storeUrl: store.url, apiKey: KEY, apiRoot: '/wp-json/sc/v1' },
        },
        { ...HEADER_CREDENTIAL, type: 'httpHeaderAuth', data: { name: 'x-api-key', value: KEY } },
      ]);
      const http = structuredClone(WORKFLOWS.http);
      (http.nodes[1]?.parameters as { url: string }).url = `${store.url}/wp-json/sc/v1/orders`;
      await importWorkflows(home, [WORKFLOWS.nothing, WORKFLOWS.node, WORKFLOWS.simplified, WORKFLOWS.full, http]);

      // Version 1 for every build (the baseline has no version 2); version 2 as users get it for the last.
      const newest = dists.at(-1);
      const rows = [
        { label: 'n8n reading nothing (its own footprint)', id: WORKFLOWS.nothing.id, dist: dists[0], items: 0 },
        ...builds.map((build, i) => ({
          label: `${build.label}, v1`,
          id: WORKFLOWS.node.id,
          dist: dists[i],
          items: ORDERS,
        })),
        { label: 'version 2, Simplify on (the default)', id: WORKFLOWS.simplified.id, dist: newest, items: ORDERS },
        { label: 'version 2, Simplify off', id: WORKFLOWS.full.id, dist: newest, items: ORDERS },
        { label: "n8n's HTTP Request node, paged", id: http.id, dist: dists[0], items: ORDERS },
      ];
      const peaks: Peak[][] = rows.map(() => []);
      for (let run = 0; run < runs; run += 1)
        for (const [i, row] of rows.entries()) {
          const peak = await measuredExecute({ ...home, customExtensions: row.dist }, row.id, dir);
          if (peak.items !== row.items) throw new Error(`${row.label}: ${peak.items} items, expected ${row.items}`);
          peaks[i]?.push(peak);
        }

      const rest = median((peaks[0] ?? []).map((peak) => peak.mainKiB));
      const jsonKiB = json.bytes / 1024;
      console.log(
        `\nReturn All of ${json.records.toLocaleString('en-US')} orders in a real n8n ${install.version} (one process, \`n8n execute\`), ` +
          `${mib(jsonKiB)} of JSON in ${json.pages} pages; peak RSS of the n8n process (kernel high-water mark), ` +
          `${runs === 1 ? 'one run each' : `median of ${runs} runs each, interleaved`}:`,
      );
      for (const [i, row] of rows.entries()) {
        const list = peaks[i] ?? [];
        const main = median(list.map((peak) => peak.mainKiB));
        const spread = runs > 1 ? ` (${list.map((peak) => mib(peak.mainKiB)).join(', ')})` : '';
        const children = median(list.map((peak) => peak.childrenKiB));
        const ratios =
          i === 0
            ? ''
            : `  ${(main / jsonKiB).toFixed(2)}x the JSON; above n8n's footprint ${mib(main - rest)} = ${((main - rest) / jsonKiB).toFixed(2)}x`;
        console.log(
          `  ${row.label.padEnd(52)} ${mib(main).padStart(9)}${spread}${ratios}` +
            `${children ? `; its task runner ${mib(children)}` : ''}; ${median(list.map((peak) => peak.seconds)).toFixed(0)} s`,
        );
      }
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    console.log(`  (memory section ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}
