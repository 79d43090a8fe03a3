/**
 * The sandbox in its own process (`sandbox/cli.ts`), so the store's CPU time is not taken from the
 * client being measured, as with a real store on another machine.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../toolchain';
import { getJson, putJson } from './plainHttp';

export interface SandboxProcess {
  url: string;
  apiKey: string;
  setLatency(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSandboxProcess(options: {
  size: number;
  latencyMs: number;
  apiKey: string;
}): Promise<SandboxProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'sandbox/cli.ts',
      '--port',
      '0',
      '--quiet',
      '--size',
      String(options.size),
      '--latency',
      String(options.latencyMs),
      '--api-key',
      options.apiKey,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = /Store URL:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${String(code)}) before it listened`)));
  });
  child.stdout?.resume();
  return {
    url,
    apiKey: options.apiKey,
    async setLatency(ms) {
      await putJson(`${url}/sandbox/v1/config`, { latencyMs: ms });
      const config = (await getJson(`${url}/sandbox/v1/config`)) as { latencyMs?: number };
      if (config.latencyMs !== ms) throw new Error(`the sandbox did not take latency ${ms}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
