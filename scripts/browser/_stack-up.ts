import * as fs from 'fs';
import { startStack } from './stack';
(async () => {
  const t0 = Date.now();
  const s = await startStack({ log: (l) => process.stderr.write(l + '\n'), keep: true });
  fs.writeFileSync('/tmp/dash/stack.json', JSON.stringify({ sandbox: s.sandbox.url, n8n: s.n8n.url, email: s.owner.email, password: s.owner.password, active: s.activeExamples, userFolder: s.home.userFolder }));
  console.log('READY', (Date.now() - t0) / 1000, JSON.stringify({ sandbox: s.sandbox.url, n8n: s.n8n.url }));
  process.on('SIGTERM', () => void s.stop().then(() => process.exit(0)));
})().catch((e) => { console.error(e); process.exit(1); });
