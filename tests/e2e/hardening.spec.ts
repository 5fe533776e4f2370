/**
 * The production server under attack and misuse (docs/security-and-limits.md), on a server of its own (port E2E_PORT + 16)
 * with a throwaway SQLite database: a seeded fuzz run over raw sockets, the security headers on every
 * kind of answer, a 256 MB chunked body that must not reach memory, a Host the server cannot build a
 * URL from, and a port already in use. No browser.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { METHODS } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { hostileRequests } from '../helpers/hostile-requests.ts';
import { ProductionServer, ROOT } from '../helpers/production-server.ts';
import { parseAnswer, rawRequest, type RawAnswer } from '../helpers/raw-http.ts';

const PORT = Number(process.env.E2E_PORT ?? 4400) + 16;
const HOST = `127.0.0.1:${PORT}`;
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const FUZZ_COUNT = 2400;

test.describe.configure({ mode: 'serial' });

let folder: string;
let databasePath: string;
let server: ProductionServer;

test.beforeAll(async () => {
  expect(existsSync(join(ROOT, 'dist/server/entry.mjs')), 'the production build (npm run build)').toBe(true);
  folder = mkdtempSync(join(tmpdir(), 'shop-hardening-'));
  databasePath = join(folder, 'shop.db');
  server = new ProductionServer(PORT, {
    DATABASE_PATH: databasePath,
  });
  await server.start();
});

test.afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const request = (lines: string[], body = '') => `${lines.join('\r\n')}\r\n\r\n${body}`;

function contactMessages(): number {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('select count(*) as n from contact_message').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const LEAK = new RegExp(
  `\\n\\s+at \\S+ \\(|node:internal|node_modules/|file:///|${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
);

/** What is wrong with one answer, if anything. */
function answerProblem(path: string, method: string, answer: RawAnswer): string | undefined {
  if (answer.status === undefined) return undefined;
  // 501 is the right answer to a method no server knows (BREW); any other 5xx is a failure.
  if (answer.status >= 500 && !(answer.status === 501 && !METHODS.includes(method))) return `status ${answer.status}`;
  if (LEAK.test(answer.body)) return 'a stack trace or a file path in the body';
  const hasBody = method !== 'HEAD' && answer.status !== 204 && answer.status !== 304 && answer.body.length > 0;
  if (/^\/api(?:[/?]|$)/.test(path) && hasBody) {
    if (!/^application\/json\b/.test(answer.headers['content-type'] ?? ''))
      return `an /api answer of type ${answer.headers['content-type']}`;
    try {
      JSON.parse(answer.body);
    } catch {
      return 'an /api answer that is not JSON';
    }
  }
  return undefined;
}

test(`a seeded fuzz run of ${FUZZ_COUNT} hostile requests: no 5xx, /api answers JSON, no stack trace, no exit`, async () => {
  test.setTimeout(180_000);
  const requests = hostileRequests(FUZZ_SEED, FUZZ_COUNT, HOST);
  const problems: string[] = [];
  let answered = 0;
  let unanswered = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const hostile = requests[next++]!;
      const answer = await rawRequest(PORT, hostile.bytes, hostile.mayHang ? 1500 : 15_000);
      if (answer.status === undefined) {
        if (!hostile.mayHang) unanswered++;
      } else answered++;
      const problem = answerProblem(hostile.path, hostile.method, answer);
      if (problem) problems.push(`${problem}: ${hostile.label}\n  → ${answer.raw.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  expect(problems.slice(0, 10), `seed ${FUZZ_SEED}`).toEqual([]);
  expect(server.running, `the server is still up (seed ${FUZZ_SEED})`).toBe(true);
  expect(answered).toBeGreaterThan(FUZZ_COUNT * 0.9);
  expect(unanswered, 'requests closed without an answer').toBeLessThan(FUZZ_COUNT * 0.02);
  // Still serving, and nothing was logged as a server error.
  expect((await fetch(`${server.url}/api/categories`)).status).toBe(200);
  expect(server.log.filter((line) => /unexpected error|^\s+at |Error:/.test(line)).slice(0, 5)).toEqual([]);
});

test('odd paths are never a 5xx: a raw backslash is 400, doubled slashes are read as one', async () => {
  const get = (target: string) =>
    rawRequest(PORT, request([`GET ${target} HTTP/1.1`, `Host: ${HOST}`, 'Connection: close']));
  for (const target of ['/\\', '/products\\x']) {
    const answer = await get(target);
    expect(answer.status, target).toBe(400);
    expect(answer.body, target).toContain('dir="rtl"');
  }
  const apiAnswer = await get('/api\\categories');
  expect(apiAnswer.status).toBe(400);
  expect((await get('//')).headers.location).toBe('/');
  expect((await get('///products')).status).toBe(200);
  expect((await get('//evil.test/x')).status).toBe(404);
  expect(server.log.filter((line) => /unexpected error/.test(line))).toEqual([]);
});

test('unsupported methods are 405 with Allow: JSON under /api, the HTML page elsewhere', async () => {
  const api = await rawRequest(PORT, request([`TRACE /api/categories HTTP/1.1`, `Host: ${HOST}`, 'Connection: close']));
  expect(api.status).toBe(405);
  expect(api.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  expect(JSON.parse(api.body)).toEqual({ message: expect.any(String) });
  const page = await rawRequest(
    PORT,
    request([`PUT /about HTTP/1.1`, `Host: ${HOST}`, 'Content-Length: 0', 'Connection: close']),
  );
  expect(page.status).toBe(405);
  expect(page.headers.allow).toBe('GET, HEAD');
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('dir="rtl"');
});

test('a broken or hostile Host is 400, and a contact message sent with one is not stored', async () => {
  const before = contactMessages();
  const body = JSON.stringify({ subject: 'שאלה', message: 'האם התיפלץ מגיע עם הוראות האכלה?' });
  for (const host of ['a b', '%', '[::1', '127.0.0.1:99999', `${HOST}@evil.test`]) {
    const answer = await rawRequest(
      PORT,
      request(
        [
          'POST /api/contact HTTP/1.1',
          `Host: ${host}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Connection: close',
        ],
        body,
      ),
    );
    expect(answer.status, host).toBe(400);
    expect(JSON.parse(answer.body), host).toEqual({ message: expect.any(String) });
    const page = await rawRequest(PORT, request(['GET /categories HTTP/1.1', `Host: ${host}`, 'Connection: close']));
    expect(page.status, host).toBe(400);
  }
  expect(contactMessages()).toBe(before);
});

test('a form-encoded POST to the API is 415 JSON (no cross-site 403 text/plain before it)', async () => {
  const response = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.test' },
    body: 'subject=a&message=b',
  });
  expect(response.status).toBe(415);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ message: expect.any(String) });
});

test('a 256 MB chunked body is refused with 413 as it streams; memory stays flat', async () => {
  const before = server.rssMiB();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 25);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  const total = 256 * 1024 * 1024;
  const result = await new Promise<{ answer: RawAnswer; sent: number }>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: PORT });
    const received: Buffer[] = [];
    let sent = 0;
    // What had been sent when the answer's head arrived (the server keeps reading and discarding for a
    // while after answering, as nginx's lingering close does, so the client may send on meanwhile).
    let sentAtAnswer: number | undefined;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      socket.destroy();
      resolve({ answer: parseAnswer(Buffer.concat(received)), sent: sentAtAnswer ?? sent });
    };
    const pump = () => {
      while (!finished && sent < total) {
        sent += chunk.length;
        if (!socket.write(frame)) return void socket.once('drain', pump);
      }
      if (sent >= total && !finished) socket.write('0\r\n\r\n');
    };
    socket.on('data', (data) => {
      received.push(data);
      if (sentAtAnswer === undefined && Buffer.concat(received).includes('\r\n\r\n')) {
        sentAtAnswer = sent;
        setTimeout(finish, 100);
      }
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.write(
      request([
        `POST /api/contact HTTP/1.1`,
        `Host: ${HOST}`,
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
      ]).slice(0, -2) + '\r\n',
    );
    pump();
  });
  clearInterval(sampler);
  expect(result.answer.status).toBe(413);
  expect(JSON.parse(result.answer.body)).toEqual({ message: expect.any(String) });
  expect(result.sent, 'refused long before the end of the body').toBeLessThan(total / 4);
  expect(peak - before, `RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MiB`).toBeLessThan(48);
  // A Content-Length over the limit is refused before any of the body is read.
  const declared = await rawRequest(
    PORT,
    request([
      `POST /api/contact HTTP/1.1`,
      `Host: ${HOST}`,
      'Content-Type: application/json',
      `Content-Length: ${total}`,
    ]),
  );
  expect(declared.status).toBe(413);
});

test('the security headers are on every kind of answer', async () => {
  const home = await fetch(`${server.url}/`);
  // A built script is the static asset.
  const asset = /src="(\/_astro\/[^"]+\.js)"/.exec(await home.text())?.[1];
  expect(asset).toBeTruthy();
  const answers: [string, Record<string, string>, string][] = [];
  const add = async (kind: string, path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
    answers.push([kind, Object.fromEntries(response.headers), response.headers.get('content-type') ?? '']);
  };
  await add('server-rendered page', '/');
  await add('prerendered page', '/about');
  await add('page 404', '/no-such-page');
  await add('API JSON', '/api/categories');
  const etag = answers.at(-1)![1].etag!;
  // A 304 carries the same security headers as its 200 (its headers replace the stored answer's).
  const notModified = await fetch(`${server.url}/api/categories`, { headers: { 'If-None-Match': etag } });
  expect(notModified.status).toBe(304);
  expect(notModified.headers.get('content-security-policy')).toBe(answers.at(-1)![1]['content-security-policy']);
  expect(notModified.headers.get('x-content-type-options')).toBe('nosniff');
  await add('API 404', '/api/no-such-route');
  await add('API 415', '/api/contact', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } });
  await add('API preflight', '/api/contact', { method: 'OPTIONS' });
  await add('static picture', '/favicon.svg');
  await add('static script', asset!);
  await add('405', '/', { method: 'DELETE' });
  for (const raw of [
    request(['GET / HTTP/1.1', 'Host: a b', 'Connection: close']),
    request(['GET / HTTP/1.1', `Host: ${HOST}`, `X-Big: ${'x'.repeat(200_000)}`, 'Connection: close']),
    'NOT HTTP AT ALL\r\n\r\n',
  ]) {
    const answer = await rawRequest(PORT, raw);
    answers.push([`raw ${answer.status}`, answer.headers, answer.headers['content-type'] ?? '']);
  }
  expect(answers.map(([kind]) => kind)).toContain('raw 431');
  for (const [kind, headers, type] of answers) {
    expect(headers['x-content-type-options'], kind).toBe('nosniff');
    expect(headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], kind).toBe('DENY');
    expect(headers['permissions-policy'], kind).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(headers['content-security-policy'], kind).toContain("frame-ancestors 'none'");
    if (!type.startsWith('text/html')) expect(headers['content-security-policy'], kind).toContain("default-src 'none'");
    expect(headers['strict-transport-security'], `${kind}: HSTS is off by default`).toBeUndefined();
  }
  // Pages carry Astro's script policy (hashes, no 'unsafe-inline') as a header, prerendered ones too.
  for (const [kind, headers] of answers.slice(0, 2)) {
    expect(headers['content-security-policy'], kind).toMatch(/script-src 'self' 'sha256-/);
    expect(headers['content-security-policy'], kind).not.toContain('unsafe-inline');
  }
});

test('contact messages resent after the server was killed mid-burst are stored once per key', async () => {
  let acknowledgedSoFar = 0;
  let killed: Promise<unknown> | undefined;
  const run = Date.now().toString(36);
  const send = async (index: number) => {
    try {
      const response = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `kill-${run}-${index}` },
        body: JSON.stringify({ subject: `kill-${run}-${index}`, message: `הודעה מספר ${index} לפני ואחרי הקריסה` }),
      });
      if (response.status !== 201) return undefined;
      const receipt = (await response.json()) as { _id: string };
      // Killed (no graceful shutdown) while the burst is in flight: some messages are stored but never acknowledged.
      if (++acknowledgedSoFar === 30) killed = server.stop('SIGKILL');
      return receipt;
    } catch {
      return undefined;
    }
  };
  const count = 1000;
  const first = Array.from({ length: count }, (_, index) => send(index));
  const before = await Promise.all(first);
  expect(killed, 'the server was killed mid-burst').toBeDefined();
  await killed;
  server = new ProductionServer(PORT, {
    DATABASE_PATH: databasePath,
  });
  await server.start();
  // Every sender tries again with the same key.
  const after: ({ _id: string } | undefined)[] = [];
  for (let start = 0; start < count; start += 100) {
    after.push(...(await Promise.all(Array.from({ length: 100 }, (_, offset) => send(start + offset)))));
  }
  expect(after.every(Boolean), 'every resend is acknowledged').toBe(true);
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  const rows = db.prepare('select subject, id from contact_message where subject like ?').all(`kill-${run}-%`) as {
    subject: string;
    id: string;
  }[];
  db.close();
  expect(rows).toHaveLength(count);
  const acknowledged = before.filter(Boolean).length;
  expect(acknowledged, 'some were acknowledged before the kill').toBeGreaterThan(0);
  expect(acknowledged, 'some were not').toBeLessThan(count);
  for (let index = 0; index < count; index++) {
    // A message acknowledged before the kill keeps its receipt.
    if (before[index]) expect(after[index]).toEqual(before[index]);
  }
});

test('a port already in use stops a second server with one line naming PORT, exit 1', () => {
  const result = spawnSync(process.execPath, ['scripts/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATABASE_URL: '',
      DATABASE_PATH: join(folder, 'second.db'),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr.trim()).toMatch(new RegExp(`^PORT=${PORT}: the port is already in use on HOST=127\\.0\\.0\\.1`));
  expect(result.stderr).not.toMatch(/\n\s+at /);
});
