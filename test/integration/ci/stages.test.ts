/**
 * `.ci/run`'s stages (`.ci/stages.sh`) leave no process behind: a stage that fails, one that passes and
 * one interrupted by Ctrl-C, each with a child still running and the background prepare beside it. Each
 * run's processes carry a marker in their name, looked for in /proc once the run has exited. (The
 * leftovers do not hold the run's output open, so a run that leaves them still ends and they are named.)
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STAGES = path.resolve(__dirname, '../../../.ci/stages.sh');

interface Run {
  code: number | null;
  output: string;
}

/** The processes whose command line holds the marker, as `pid name`. */
function processesMarked(marker: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const command = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
      if (command.includes(marker)) found.push(`${entry} ${command.split('\0')[0]}`);
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

/**
 * A run as `.ci/run` makes it: the same traps, a prepare in the background (a parent and a child that
 * outlive it, as npm and node-gyp do) and one stage. `interruptWhen`: a line of output at which the run
 * gets SIGINT, as from Ctrl-C.
 */
function ciRun(marker: string, stageScript: string, interruptWhen?: string): Promise<Run> {
  const script = `
    set -euo pipefail
    source ${JSON.stringify(STAGES)}
    trap 'rc=$?; end_run "$rc" || rc=$?; exit "$rc"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    start_background /dev/null bash -c '(exec -a ${marker}-prepare-child sleep 300 >/dev/null 2>&1) & exec -a ${marker}-prepare sleep 300'
    stage "the stage" grouped bash -c ${JSON.stringify(stageScript.replaceAll('MARK', marker))}
    FINISHED=true
  `;
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      if (interruptWhen && output.includes(interruptWhen)) {
        interruptWhen = undefined;
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const markers: string[] = [];
function newMarker(): string {
  const marker = `ci-stage-test-${randomUUID().slice(0, 8)}`;
  markers.push(marker);
  return marker;
}

afterAll(() => {
  // Only if a test failed: end what it left, so that one failure does not leave sleeping processes around.
  for (const marker of markers)
    for (const found of processesMarked(marker)) process.kill(Number(found.split(' ')[0]), 'SIGKILL');
});

test('a stage that fails: the run fails with its status, and nothing it or the prepare started is left', async () => {
  const marker = newMarker();
  const run = await ciRun(marker, '(exec -a MARK-stage-child sleep 300 >/dev/null 2>&1) & echo started; exit 3');
  expect(run.output).toContain('FAILED (exit 3)');
  expect(run.code).toBe(3);
  expect(processesMarked(marker)).toEqual([]);
});

test('a stage that passes: the run passes, and the child it left running is ended with it', async () => {
  const marker = newMarker();
  const run = await ciRun(marker, '(exec -a MARK-stage-child sleep 300 >/dev/null 2>&1) & echo started');
  expect(run.output).toMatch(/stage: the stage took \d+ s/);
  expect(run.code).toBe(0);
  expect(processesMarked(marker)).toEqual([]);
});

test('Ctrl-C during a stage: the run stops at once with 130, and nothing is left', async () => {
  const marker = newMarker();
  const run = await ciRun(
    marker,
    '(exec -a MARK-stage-child sleep 300 >/dev/null 2>&1) & echo ready-for-ctrl-c; wait',
    'ready-for-ctrl-c',
  );
  expect(run.code).toBe(130);
  expect(run.output).toContain('=== summary');
  expect(processesMarked(marker)).toEqual([]);
});
