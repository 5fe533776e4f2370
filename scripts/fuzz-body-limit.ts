/**
 * Over-large bodies sent to POST /api/contact over raw sockets, as a client that keeps sending after the
 * answer has come would: every one must read the 413, never a reset or a broken pipe (the guard answers
 * at once and reads and drops the rest: src/server/http/guard.ts). Seeded, so a failure can be replayed.
 *
 *   npm run fuzz:body-limit -- [--count 100000] [--concurrency 8] [--seed N] [--url http://…]
 *
 * Without --url it serves the production build (scripts/throwaway-shop.ts). Each request is one of:
 * a declared Content-Length of up to 10 MB over the limit, sent whole or in pieces, with or without
 * `Connection: close`, the body's first bytes with the head or after a pause; the client stops sending
 * once the answer has come (as browsers and curl do) and reads it to the end. Prints the outcomes and
 * exits 1 when any request saw anything but a 413.
 */
import net from 'node:net';
import { parseArgs } from 'node:util';
import { startThrowawayShop } from './throwaway-shop.ts';
import { seededRandom } from '../src/lib/seeded-random.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '20261128' },
    url: { type: 'string' },
  },
});
const COUNT = Number(values.count);
const CONCURRENCY = Number(values.concurrency);
const SEED = Number(values.seed);
const TEN_MB = 10 * 1024 * 1024;

interface Shape {
  index: number;
  size: number;
  close: boolean;
  piece: number;
  pauseMs: number;
}

function shapeOf(index: number, random: () => number): Shape {
  return {
    index,
    // Mostly 10 MB, as the probe sent; sometimes just over the limit.
    size: random() < 0.8 ? TEN_MB : 16_385 + Math.floor(random() * 4 * 1024 * 1024),
    close: random() < 0.7,
    piece: [1024, 16 * 1024, 64 * 1024, 1024 * 1024, TEN_MB][Math.floor(random() * 5)]!,
    pauseMs: random() < 0.1 ? Math.floor(random() * 20) : 0,
  };
}

type Outcome = '413' | `status ${number}` | `error ${string}` | 'closed without an answer' | 'timed out';

const filler = Buffer.alloc(TEN_MB, 'a');

function send(port: number, host: string, shape: Shape): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let answered = false;
    let sent = 0;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const status = () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(received).toString('latin1'));
      return match ? Number(match[1]) : undefined;
    };
    const timer = setTimeout(() => settle('timed out'), 30_000);
    const pump = () => {
      while (!answered && sent < shape.size) {
        const piece = filler.subarray(0, Math.min(shape.piece, shape.size - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      // The answer's head is here: stop sending and read the rest of it.
      if (!answered && Buffer.concat(received).includes('\r\n\r\n')) answered = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const code = status();
      settle(code === 413 ? '413' : `error ${error.code ?? error.message}`);
    });
    socket.on('close', () => {
      const code = status();
      settle(code === undefined ? 'closed without an answer' : code === 413 ? '413' : `status ${code}`);
    });
    socket.write(
      [
        'POST /api/contact HTTP/1.1',
        `Host: ${host}`,
        'Content-Type: application/json',
        `Content-Length: ${shape.size}`,
        ...(shape.close ? ['Connection: close'] : []),
        '',
        '',
      ].join('\r\n'),
    );
    if (shape.pauseMs > 0) setTimeout(pump, shape.pauseMs);
    else pump();
    // Keep-alive: the server keeps the connection after its answer, so the client ends it once it has read it.
    if (!shape.close)
      socket.on('data', () => {
        const text = Buffer.concat(received).toString('latin1');
        const head = text.indexOf('\r\n\r\n');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text)?.[1] ?? NaN);
        const code = status();
        if (code !== undefined && head !== -1 && Buffer.byteLength(text, 'latin1') >= head + 4 + length)
          settle(code === 413 ? '413' : `status ${code}`);
      });
  });
}

async function main(): Promise<void> {
  // The answers are counted here; a request line per request would only bury the outcome.
  process.env.LOG_LEVEL ??= 'warn';
  const shop = values.url ? undefined : await startThrowawayShop('fuzz-body');
  const base = new URL(values.url ?? shop!.base);
  const port = Number(base.port);
  const random = seededRandom(SEED);
  const outcomes = new Map<Outcome, number>();
  const failures: string[] = [];
  let next = 0;
  const started = Date.now();
  const worker = async () => {
    while (next < COUNT) {
      const shape = shapeOf(next++, random);
      const outcome = await send(port, base.host, shape);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (outcome !== '413' && failures.length < 20) failures.push(`${outcome}: ${JSON.stringify(shape)}`);
      if (next % 5000 === 0) console.error(`fuzz: ${next.toLocaleString('en')} of ${COUNT.toLocaleString('en')}…`);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    shop?.stop();
  }
  console.log(
    `${COUNT.toLocaleString('en')} over-large bodies to /api/contact (seed ${SEED}, ${CONCURRENCY} at a time, ` +
      `${Math.round((Date.now() - started) / 1000)} s):`,
  );
  for (const [outcome, count] of [...outcomes].sort((a, b) => b[1] - a[1]))
    console.log(`  ${outcome}: ${count.toLocaleString('en')}`);
  for (const failure of failures) console.log(`  ${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
}

await main();
