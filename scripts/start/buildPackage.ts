/** `npm run build:n8n` (n8n/dist, what N8N_CUSTOM_EXTENSIONS loads); its output is shown only on failure. */
import { spawn } from 'child_process';
import { REPO_ROOT } from '../n8n/install';

export function buildPackage(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'build:n8n'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm run build:n8n failed (exit ${code}):\n${output}`)),
    );
  });
}
