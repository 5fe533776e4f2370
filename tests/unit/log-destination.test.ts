/**
 * The request log's destination (src/server/operations/log-destination.ts) on real file descriptors:
 * the waiting lines reach the file together once the batch's time has passed or its size is reached;
 * a flush writes at once; a full pipe keeps what it could not take and writes it later, and past its
 * bound drops the oldest whole lines and counts them.
 * The request line, put together by hand, is the line pino would write.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { batchDestination } from '../../src/server/operations/log-destination.ts';
import { createLogger, logRequest } from '../../src/server/operations/request-log.ts';

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
  it('has pino’s own shape and order, whatever the path holds', () => {
    const written: string[] = [];
    const sink = { write: (line: string) => void written.push(line) };
    const logger = createLogger({ logLevel: 'debug', logFormat: 'json' }, sink);
    const reference: string[] = [];
    const plain = pino(
      { level: 'debug', base: { pid: process.pid } },
      { write: (line: string) => void reference.push(line) },
    );
    const answered = {
      requestId: '0b5c4a8e-1f0e-4c1b-9d2a-6f7e8d9c0b1a',
      kind: 'page',
      method: 'GET',
      path: '/products?search&"sort\\',
      status: 200,
      bytes: 1234,
      seconds: 0.0123456,
      source: 'memory',
      search: undefined,
      aborted: true,
    } as const;
    logRequest(logger, answered);
    logRequest(logger, { ...answered, kind: 'health', path: '/health/ready', aborted: false, source: undefined });
    const { requestId, kind, method, path, status, bytes } = answered;
    plain.info({ requestId, kind, method, path, status, bytes, ms: 12.35, fromMemory: true, aborted: true }, 'request');
    plain.debug(
      { requestId, kind: 'health', method, path: '/health/ready', status, bytes, ms: 12.35, fromMemory: false },
      'request',
    );
    const withoutTime = (line: string) => Object.entries(JSON.parse(line) as object).filter(([key]) => key !== 'time');
    expect(written.map(withoutTime)).toEqual(reference.map(withoutTime));
    for (const line of written) expect(line.endsWith('}\n')).toBe(true);
  });
});
