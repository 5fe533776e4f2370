/**
 * The request log (src/server/operations/request-log.ts), written by the production front on a real socket:
 * one valid JSON line per request with its fields; the request id generated, or a trusted proxy's, sent
 * back and carried by the request's error line; query values, cookies, tokens and bodies never logged;
 * probes only at debug level.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiMessages } from '../../src/server/api/messages.ts';
import { requestIdOf } from '../../src/server/operations/request-log.ts';
import { loadPageData } from '../../src/server/page-data.ts';
import { useShop } from '../../src/server/shop.ts';
import { echoPages, getOnce, startFront, type FrontServer } from '../helpers/front-server.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const SECRET = 'SENTINEL-5ec7e7-SECRET';
/** A generated request id: the process's random prefix, a dot, its count in base 36. */
const GENERATED_ID = /^[\w-]{12}\.[0-9a-z]+$/;
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let shop: TestShop;
let direct: FrontServer;
let proxied: FrontServer;

beforeAll(async () => {
  shop = await openTestShop({ CACHE_ENTRIES: '100' });
  useShop(shop);
  const pages = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url === '/broken') throw new Error('the page broke');
    if (req.url === '/no-data') {
      // As a page whose data cannot be loaded: it answers 500 and logs the failure.
      const page: { status?: number } = {};
      void loadPageData(page, 'animal', () => Promise.reject(new Error('no database\n    at x (/srv/y.ts:1:1)'))).then(
        () => {
          res.statusCode = page.status ?? 200;
          res.end('<p>error</p>');
        },
      );
      return;
    }
    echoPages(req, res);
  };
  const config = { logLevel: 'info', logFormat: 'json' } as const;
  direct = await startFront(shop, pages, { config, log: sink });
  proxied = await startFront(shop, pages, { config: { ...config, trustProxy: true }, log: sink });
  direct.health.serving();
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await shop?.dispose();
});

/** The lines written since `from`, parsed (each must be valid JSON). */
const parsedSince = (from: number) => lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);

/** Waits for the close of the answer, when the front writes its line. */
async function logged(count: number, from: number) {
  await vi.waitFor(() => expect(lines.length - from).toBeGreaterThanOrEqual(count));
  return parsedSince(from);
}

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; id: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          id: response.headers['x-request-id'] as string | undefined,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('the request log', () => {
  it('writes one JSON line per request with its fields, from memory or not', async () => {
    const from = lines.length;
    const host = { Host: 'shop.test' };
    await getOnce(direct.port, '/', host);
    await getOnce(direct.port, '/', host);
    await getOnce(direct.port, '/api/categories?x=1', host);
    await getOnce(direct.port, '/api/categories?x=1', host);
    await getOnce(direct.port, '/', { Host: 'bad host' });
    const entries = await logged(5, from);
    expect(entries).toHaveLength(5);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        level: 30,
        time: expect.any(Number),
        requestId: expect.any(String),
        method: 'GET',
        status: expect.any(Number),
        bytes: expect.any(Number),
        ms: expect.any(Number),
        fromMemory: expect.any(Boolean),
      });
    }
    expect(entries.map((entry) => [entry.kind, entry.path, entry.status, entry.fromMemory])).toEqual([
      ['page', '/', 200, false],
      ['page', '/', 200, true],
      ['api', '/api/categories?x', 200, false],
      ['api', '/api/categories?x', 200, true],
      ['page', '/', 400, false],
    ]);
    expect(entries[0]!.bytes).toBeGreaterThan(0);
  });

  it('sends the id back; takes X-Request-Id only from a trusted proxy', async () => {
    const from = lines.length;
    const own = await send(direct.port, 'GET', '/', { Host: 'shop.test', 'X-Request-Id': 'from-a-stranger' });
    const trusted = await send(proxied.port, 'GET', '/', { Host: 'shop.test', 'X-Request-Id': 'lb-1234.abc' });
    const malformed = await send(proxied.port, 'GET', '/', { Host: 'shop.test', 'X-Request-Id': 'a b"c' });
    expect(own.id).toMatch(GENERATED_ID);
    expect(trusted.id).toBe('lb-1234.abc');
    expect(malformed.id).toMatch(GENERATED_ID);
    expect(malformed.id).not.toBe(own.id);
    const entries = await logged(3, from);
    expect(entries.map((entry) => entry.requestId)).toEqual([own.id, trusted.id, malformed.id]);
  });

  it('generates ids no other process generates: a random prefix drawn at start, then a count', async () => {
    const request = { headers: {} } as http.IncomingMessage;
    const first = [requestIdOf(request, false), requestIdOf(request, false)];
    // The module evaluated afresh, as in a restarted or another server.
    vi.resetModules();
    const restarted = (await import('../../src/server/operations/request-log.ts')).requestIdOf;
    const second = [restarted(request, false), restarted(request, false)];
    for (const id of [...first, ...second]) expect(id).toMatch(GENERATED_ID);
    const prefix = (id: string) => id.slice(0, id.indexOf('.'));
    expect(prefix(first[1]!)).toBe(prefix(first[0]!));
    expect(prefix(second[0]!)).not.toBe(prefix(first[0]!));
    expect(new Set([...first, ...second]).size).toBe(4);
  });

  it('writes the request id in the error lines of that request, a page’s data included', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const answer = await send(direct.port, 'GET', '/broken', { Host: 'shop.test' });
      expect(answer.status).toBe(500);
      const line = errors.mock.calls.map(([text]) => String(text)).find((text) => text.includes('the page broke'));
      expect(JSON.parse(line!)).toMatchObject({ level: 'error', requestId: answer.id });
      const data = await send(direct.port, 'GET', '/no-data', { Host: 'shop.test' });
      expect(data.status).toBe(500);
      const failed = errors.mock.calls.map(([text]) => String(text)).find((text) => text.includes('no database'));
      expect(JSON.parse(failed!)).toEqual({
        level: 'error',
        where: 'page animal',
        requestId: data.id,
        error: { name: 'Error', message: 'no database' },
      });
    } finally {
      errors.mockRestore();
    }
  });

  it('answers an API GET whose handler fails once: one run of it, one 500, one error line with the request id', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const findCategory = vi.spyOn(shop.catalogue, 'findCategory').mockRejectedValue(new Error('the shelf fell'));
    try {
      const answer = await send(direct.port, 'GET', '/api/categories/no-such-shelf', { Host: 'shop.test' });
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toEqual({ message: apiMessages.internal });
      expect(findCategory).toHaveBeenCalledTimes(1);
      const failures = errors.mock.calls
        .map(([text]) => String(text))
        .filter((text) => text.includes('the shelf fell'));
      expect(failures).toHaveLength(1);
      expect(JSON.parse(failures[0]!)).toMatchObject({ level: 'error', requestId: answer.id });
    } finally {
      findCategory.mockRestore();
      errors.mockRestore();
    }
  });

  it('never writes query values, cookies, tokens or bodies', async () => {
    const from = lines.length;
    const secrets = {
      Host: 'shop.test',
      Cookie: `__session=${SECRET}-cookie; theme=${SECRET}`,
      Authorization: `Bearer ${SECRET}-token`,
    };
    await send(direct.port, 'GET', `/products?search=${SECRET}&sort=price`, secrets);
    await send(direct.port, 'GET', `/api/animals/search?search=${encodeURIComponent(SECRET + ' דרקון')}`, secrets);
    const contact = JSON.stringify({ subject: SECRET, message: `${SECRET} ${SECRET} ${SECRET}` });
    await send(direct.port, 'POST', '/api/contact', { ...secrets, 'Content-Type': 'application/json' }, contact);
    const entries = await logged(3, from);
    expect(entries.map((entry) => entry.path)).toEqual([
      '/products?search&sort',
      '/api/animals/search?search',
      '/api/contact',
    ]);
    for (const line of lines) expect(line).not.toContain(SECRET);
  });

  it('writes every line to standard output by default, those still waiting included when the process exits', () => {
    // A process that logs, then exits at once: pino's destination writes what waits on exit.
    const program = `
      const { createLogger, logRequest } = await import(${JSON.stringify(new URL('../../src/server/operations/request-log.ts', import.meta.url).href)});
      const logger = createLogger({ logLevel: 'info', logFormat: 'json' });
      for (let n = 0; n < 500; n++)
        logRequest(logger, { requestId: 'r' + n, kind: 'page', method: 'GET', target: '/products?search=x', status: 200,
          bytes: 1, seconds: 0.001, source: 'made', search: undefined, aborted: false });
      process.exit(0);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', program], { encoding: 'utf8' });
    const written = out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(500);
    expect(written.at(-1)).toMatchObject({ level: 30, requestId: 'r499', path: '/products?search', msg: 'request' });
  });

  it('logs probes at debug level only', async () => {
    const from = lines.length;
    await getOnce(direct.port, '/health/live');
    await getOnce(direct.port, '/', { Host: 'shop.test' });
    const [only] = await logged(1, from);
    expect(only).toMatchObject({ kind: 'page' });
    direct.logger.level = 'debug';
    try {
      const next = lines.length;
      await getOnce(direct.port, '/health/ready');
      const [probe] = await logged(1, next);
      expect(probe).toMatchObject({ level: 20, kind: 'health', path: '/health/ready', status: 200 });
    } finally {
      direct.logger.level = 'info';
    }
    expect(parsedSince(from).filter((entry) => entry.kind === 'health')).toHaveLength(1);
  });
});
