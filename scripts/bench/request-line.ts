/**
 * What one request-log line costs the process that writes it (src/server/operations/request-log.ts):
 * CPU time (process.cpuUsage) over many lines at LOG_LEVEL=info written to /dev/null through the
 * server's own batching destination, against the same calls at silent (the level check alone),
 * alternating round by round so a change in the machine's load falls on both. Between lines it makes
 * about a kept answer's worth of short-lived garbage, so the young-generation collector runs as often
 * as in the server and a line's share of it is counted.
 *
 *   node --max-semi-space-size=4 scripts/bench/request-line.ts [--lines 20000] [--rounds 15]
 */
import { openSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { batchDestination } from '../../src/server/operations/log-destination.ts';
import type { AnsweredRequest } from '../../src/server/operations/answered-request.ts';
import { createLogger, logRequest, requestIdOf } from '../../src/server/operations/request-log.ts';

const { values } = parseArgs({
  options: { lines: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '15' } },
});
const LINES = Number(values.lines);
const ROUNDS = Number(values.rounds);

const devNull = openSync('/dev/null', 'w');
const loggers = {
  info: createLogger({ logLevel: 'info', logFormat: 'json' }, batchDestination({ fd: devNull })),
  silent: createLogger({ logLevel: 'silent', logFormat: 'json' }, batchDestination({ fd: devNull })),
};
const request = { headers: {} } as Parameters<typeof requestIdOf>[0];
const TARGETS = ['/api/categories', '/products', '/products?search=דרקון&sort=price', '/animals/17'];

/** An answer's worth of short-lived objects, as the server makes around each line. */
let kept: unknown;
function garbage(n: number): void {
  const pieces: string[] = [];
  for (let i = 0; i < 40; i++) pieces.push(`piece ${n} ${i}`);
  kept = { pieces, headers: { 'content-length': String(n), 'x-request-id': pieces[0] } };
}

function round(level: keyof typeof loggers): number {
  const logger = loggers[level];
  const start = process.cpuUsage();
  for (let n = 0; n < LINES; n++) {
    const target = TARGETS[n & 3]!;
    const answered: AnsweredRequest = {
      requestId: requestIdOf(request, false),
      kind: n & 1 ? 'page' : 'api',
      method: 'GET',
      target,
      status: 200,
      bytes: 1000 + n,
      seconds: 0.000123 * (n & 255),
      source: n & 2 ? 'memory' : 'made',
      search: undefined,
      aborted: false,
    };
    logRequest(logger, answered);
    garbage(n);
  }
  const { user, system } = process.cpuUsage(start);
  return (user + system) / LINES;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const info: number[] = [];
const silent: number[] = [];
// Warming: the line's functions compiled before anything is counted.
for (let n = 0; n < 3; n++) {
  round('info');
  round('silent');
}
const loadBefore = loadavg()[0]!;
for (let n = 0; n < ROUNDS; n++) {
  info.push(round('info'));
  silent.push(round('silent'));
}
const line = (values: number[]) =>
  `median ${median(values).toFixed(3)} µs (${Math.min(...values).toFixed(3)}–${Math.max(...values).toFixed(3)})`;
console.log(
  `${LINES.toLocaleString('en')} lines a round, ${ROUNDS} rounds of each, alternating; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`,
);
console.log(`per line, info:   ${line(info)}`);
console.log(`per line, silent: ${line(silent)}`);
console.log(
  `the line's own: ${(median(info) - median(silent)).toFixed(3)} µs (medians), ${(Math.min(...info) - Math.min(...silent)).toFixed(3)} µs (bests)`,
);
void kept;
