/**
 * Loads the machine on purpose: one busy loop per core (or `--cores N`), so the test suite can be
 * run beside a noisy neighbour and shown not to depend on how fast the machine is.
 *
 *   node scripts/cpu-load.ts [--cores N] [--seconds S]
 *
 * Stops by itself after S seconds (default 3600), or on Ctrl-C / SIGTERM. Typical use:
 *
 *   node scripts/cpu-load.ts & load=$!; npm test; kill $load
 */
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

const { values } = parseArgs({
  options: { cores: { type: 'string' }, seconds: { type: 'string', default: '3600' } },
});
const cores = values.cores === undefined ? availableParallelism() : Number(values.cores);
const seconds = Number(values.seconds);
if (!Number.isInteger(cores) || cores < 1 || !Number.isFinite(seconds) || seconds <= 0) {
  console.error('usage: node scripts/cpu-load.ts [--cores N (≥ 1)] [--seconds S (> 0)]');
  process.exit(1);
}

// Each worker spins until the process ends; the arithmetic keeps the loop from being optimised away.
const spin = `let x = 0; for (;;) { x = (x * 1103515245 + 12345) % 2147483648; }`;
const workers = Array.from({ length: cores }, () => new Worker(spin, { eval: true }));
console.log(`cpu-load: ${cores} busy loop(s) for ${seconds} s (pid ${process.pid})`);

function stop(): void {
  for (const worker of workers) void worker.terminate();
  process.exit(0);
}
setTimeout(stop, seconds * 1000);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
