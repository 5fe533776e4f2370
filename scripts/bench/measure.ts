/**
 * One endpoint under load for `npm run bench`: autocannon in a separate process, and what the
 * server spent meanwhile (CPU time and peak resident memory, from Linux's /proc).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { httpGet } from './http-get.ts';
import type { Running } from './servers.ts';

export const AUTOCANNON = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));

export interface Figures {
  /** CPU time the server process spent per answered request (user + system), in ms (Linux). */
  cpuMsPerRequest: number | undefined;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Peak resident set size of the server while this endpoint ran, in MiB (Linux). */
  peakRssMiB: number | undefined;
  /** 2xx answers during the measured run. */
  answered: number;
  failures: number;
  /** Lines the server wrote to standard output during the measured run (the shop's request log). */
  stdoutLines: number;
}

/** Peak RSS since the last reset (Linux: VmHWM, reset by writing 5 to clear_refs). */
export function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // not Linux, or not allowed: the figure then covers the process's whole life
  }
}
export function peakMiB(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface AutocannonResult {
  '2xx': number;
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * Runs autocannon (a separate process) against the URL for `seconds`, sending `headers` with each
 * request. Asynchronously: the bench reads the servers' outputs meanwhile (./servers.ts), as a log
 * collector would; a blocked bench would let the pipe fill and stall the server's request log.
 */
function autocannon(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string>,
): Promise<AutocannonResult> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const child = spawn(
    process.execPath,
    [AUTOCANNON, '--json', '--no-progress', '-c', String(connections), '-d', String(seconds), ...headerArgs, url],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) reject(new Error(`autocannon failed: ${Buffer.concat(err).toString('utf8')}`));
      else resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as AutocannonResult);
    });
  });
}

/** Resident memory of the process now, in MiB (Linux: VmRSS). */
export function rssMiB(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time the process has used so far (user + system), in ms (Linux /proc; 10 ms ticks). */
export function cpuMs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The highest peak RSS each server process reached through the whole bench (warm-ups included), in MiB. */
export const overallPeak = new Map<number, number>();
export function notePeak(pid: number): void {
  const peak = peakMiB(pid);
  if (peak !== undefined) overallPeak.set(pid, Math.max(overallPeak.get(pid) ?? 0, peak));
}

/** How long each endpoint is measured, and with how many connections. */
export interface Load {
  seconds: number;
  connections: number;
  /** Sent with every request (e.g. Accept-Encoding, as a browser sends it). */
  headers?: Record<string, string>;
}

/** Checks the path answers 200, warms it up for a second, then measures it for `load.seconds`. */
export async function measure(server: Running, path: string, load: Load): Promise<Figures> {
  const headers = load.headers ?? {};
  const { status } = await httpGet(`${server.url}${path}`, headers);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  await autocannon(`${server.url}${path}`, 1, load.connections, headers);
  notePeak(server.child.pid!);
  resetPeak(server.child.pid!);
  const cpuBefore = cpuMs(server.child.pid!);
  const linesBefore = server.stdoutLines();
  const result = await autocannon(`${server.url}${path}`, load.seconds, load.connections, headers);
  const cpuAfter = cpuMs(server.child.pid!);
  const linesAfter = server.stdoutLines();
  notePeak(server.child.pid!);
  return {
    cpuMsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || result['2xx'] === 0
        ? undefined
        : (cpuAfter - cpuBefore) / result['2xx'],
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    peakRssMiB: peakMiB(server.child.pid!),
    answered: result['2xx'],
    failures: result.errors + result.timeouts + result.non2xx,
    stdoutLines: linesAfter - linesBefore,
  };
}
