/**
 * CPU burners for `.ci/loaded`: `--burners N` threads that spin, and the 1-minute load average read every
 * 5 s, one line each (`load 6.42`) on standard output. Runs until it is ended (TERM).
 */
const { Worker } = require('node:worker_threads');
const { loadavg } = require('node:os');

const flag = process.argv.indexOf('--burners');
const burners = flag === -1 ? 4 : Number(process.argv[flag + 1]);
if (!Number.isInteger(burners) || burners < 1) {
  console.error('burn.js: --burners takes a whole number of threads, 1 or more');
  process.exit(2);
}
for (let n = 0; n < burners; n += 1) new Worker('for (;;) {}', { eval: true });
const sample = () => console.log(`load ${loadavg()[0].toFixed(2)}`);
sample();
setInterval(sample, 5000);
