/**
 * The request log's destination (src/server/operations/log-destination.ts) on real file descriptors:
 * the waiting lines reach the file together once the batch's time has passed or its size is reached;
 * a flush writes at once; a full pipe keeps what it could not take and writes it later, and past its
 * bound drops the oldest whole lines and counts them.
 * The request line, written by hand (as a string, or straight into the destination's bytes), is the line
 * pino would write.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { batchDestination } from '../../src/server/operations/log-destination.ts';
import { createLogger, loggedPath, logRequest } from '../../src/server/operations/request-log.ts';

const opened: number[] = [];
afterEach(() => {
  for (const fd of opened.splice(0)) closeSync(fd);
});
const open = (path: string, flags: number) => {
  const fd = openSync(path, flags);
  opened.push(fd);
  return fd;
};

describe('the request log destination', () => {
  it('writes the waiting lines together, in order, once the batch’s time has passed or its size is reached', () => {
    vi.useFakeTimers();
    try {
      const path = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
      const fd = open(path, constants.O_WRONLY | constants.O_CREAT);
      const lines = batchDestination({ fd, batchMs: 20, batchBytes: 1024 });
      lines.write('{"n":1}\n');
      vi.advanceTimersByTime(10);
      lines.write('{"n":2}\n');
      expect(readFileSync(path, 'utf8')).toBe('');
      vi.advanceTimersByTime(9);
      expect(readFileSync(path, 'utf8')).toBe('');
      vi.advanceTimersByTime(1);
      expect(readFileSync(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
      // A batch's worth of bytes goes at once, without waiting for the time.
      const long = `{"n":3,"pad":"${'x'.repeat(1100)}"}\n`;
      lines.write(long);
      expect(readFileSync(path, 'utf8')).toBe(`{"n":1}\n{"n":2}\n${long}`);
      lines.write('{"n":4}\n');
      lines.flushSync();
      expect(readFileSync(path, 'utf8')).toBe(`{"n":1}\n{"n":2}\n${long}{"n":4}\n`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('writes lines of any characters whole, as UTF-8, however they fall against the batch’s size', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const fd = open(path, constants.O_WRONLY | constants.O_CREAT);
    const lines = batchDestination({ fd, batchMs: 20, batchBytes: 64 });
    const written = [
      '{"path":"/חיפוש"}\n',
      `{"pad":"${'ת'.repeat(40)}"}\n`,
      '{"e":"🦎"}\n',
      `{"long":"${'🐉'.repeat(60)}"}\n`,
    ];
    for (const line of written) lines.write(line);
    lines.flushSync();
    expect(readFileSync(path, 'utf8')).toBe(written.join(''));
  });

  it('keeps what a full pipe cannot take, within its bound, and writes it when the reader catches up', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'log-')), 'pipe');
    execFileSync('mkfifo', [fifo]);
    const reader = open(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = open(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
    const line = (n: number) => `${JSON.stringify({ n, pad: 'x'.repeat(1000) })}\n`;
    const lines = batchDestination({ fd: writer, maxBacklogBytes: 64 * 1024 });
    // About 300 KB into a pipe that holds 64 KB by default: the pipe fills, the rest waits, the oldest go.
    for (let n = 0; n < 300; n++) lines.write(line(n));
    lines.flushSync();
    expect(lines.dropped).toBeGreaterThan(0);

    const read: string[] = [];
    const drain = () => {
      const buffer = Buffer.alloc(1 << 20);
      for (;;) {
        try {
          const got = readSync(reader, buffer);
          if (got === 0) return;
          read.push(buffer.subarray(0, got).toString('utf8'));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return;
          throw error;
        }
      }
    };
    while (read.join('').split('\n').length - 1 < 300 - lines.dropped) {
      drain();
      lines.flushSync();
    }
    const received = read.join('').split('\n').filter(Boolean);
    // Every line that arrived is whole, nothing arrives twice, and what was not dropped arrived in order.
    const numbers = received.map((text) => (JSON.parse(text) as { n: number }).n);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers.length + lines.dropped).toBe(300);
    expect(numbers.at(-1)).toBe(299);
  });
});

describe('the request line', () => {
  const answered = {
    requestId: '0b5c4a8e-1f0e-4c1b-9d2a-6f7e8d9c0b1a',
    kind: 'page',
    method: 'GET',
    target: '/products?search=דרקון&"sort\\=x',
    status: 200,
    bytes: 1234,
    seconds: 0.0123456,
    source: 'memory',
    search: undefined,
    aborted: true,
  } as const;
  /** The same requests, with what a line's writing treats apart: escapes, non-ASCII, numbers' forms, debug. */
  const requests: Parameters<typeof logRequest>[1][] = [
    answered,
    { ...answered, kind: 'health', target: '/health/ready', aborted: false, source: undefined },
    { ...answered, kind: 'api', target: '/api/categories', status: 304, bytes: 0, seconds: 0.0123, source: 'made' },
    { ...answered, kind: 'static', target: '/חיות/דרקון?א=ב', seconds: 1.2, aborted: false },
    { ...answered, kind: 'admin', method: 'PA"TCH', target: '/admin/\u0001', seconds: 0, status: 500 },
    { ...answered, kind: 'metrics', requestId: 'proxy:id/7+=@', seconds: 12345.678, bytes: 9_007_199 },
  ];
  /** What pino itself writes for the same fields. */
  const reference: string[] = [];
  const plain = pino(
    { level: 'debug', base: { pid: process.pid } },
    { write: (line: string) => void reference.push(line) },
  );
  for (const { requestId, kind, method, target, status, bytes, seconds, source, aborted } of requests) {
    const path = loggedPath(target);
    const fields = { requestId, kind, method, path, status, bytes, ms: Math.round(seconds * 100_000) / 100 };
    const line = { ...fields, fromMemory: source === 'memory', ...(aborted ? { aborted } : {}) };
    plain[kind === 'health' || kind === 'metrics' ? 'debug' : 'info'](line, 'request');
  }
  const withoutTime = (line: string) => Object.entries(JSON.parse(line) as object).filter(([key]) => key !== 'time');

  it('has pino’s own shape and order, whatever the path holds, written to a destination of strings', () => {
    const written: string[] = [];
    const logger = createLogger(
      { logLevel: 'debug', logFormat: 'json' },
      { write: (line: string) => void written.push(line) },
    );
    for (const request of requests) logRequest(logger, request);
    expect(written.map(withoutTime)).toEqual(reference.map(withoutTime));
    for (const line of written) expect(line.endsWith('}\n')).toBe(true);
  });

  it('is the same written straight into the batching destination’s bytes', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'log-')), 'out.log');
    const lines = batchDestination({ fd: open(path, constants.O_WRONLY | constants.O_CREAT), batchBytes: 512 });
    const logger = createLogger({ logLevel: 'debug', logFormat: 'json' }, lines);
    // Enough lines that some fall against the end of the batch's bytes.
    for (let round = 0; round < 20; round++) for (const request of requests) logRequest(logger, request);
    lines.flushSync();
    const written = readFileSync(path, 'utf8').split(/(?<=\n)/);
    expect(written.map(withoutTime)).toEqual(Array.from({ length: 20 }, () => reference.map(withoutTime)).flat());
    expect(written.map((line) => (JSON.parse(line) as { time: number }).time).every(Number.isInteger)).toBe(true);
  });
});
