/**
 * Every kind of answer the edge gives (src/server/http/edge.ts behind guard.ts, in the server
 * src/server/server.ts builds), read over a raw socket: refused by the guard, answered from memory, routed by the
 * API, a page, a page refused at the edge. Each carries CORS (under /api, for an allowed origin),
 * Vary, the security headers and an ETag exactly once. And the two refusals whose shape matters to a
 * browser: a too-long page URL gets the Hebrew HTML page, and an early 413 reaches a client that is
 * still sending its body.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteOrigin } from '../../src/features/seo/site.server.ts';
import { createCategoryWrites } from '../../src/server/db/catalogue/category-writes.ts';
import { startFront, type FrontServer } from '../helpers/front-server.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const FRIEND = 'http://friend.example';
let shop: TestShop;
let front: FrontServer;
let port: number;

beforeAll(async () => {
  shop = await openTestShop({ ALLOWED_ORIGINS: FRIEND, MAX_BODY_BYTES: '2048', CACHE_ENTRIES: '100' });
  // Astro stands in: a small page (as the adapter writes it: headers, then the body in pieces).
  const pages = (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    // As Astro's endpoints do, a HEAD gets no body.
    if (req.method === 'HEAD') return void res.end();
    res.write('<!doctype html><html lang="he" dir="rtl"><body>');
    res.end(`<p>${'תיפלץ '.repeat(200)}</p></body></html>`);
  };
  front = await startFront(shop, pages);
  port = front.port;
});
afterAll(async () => {
  await front?.close();
  await shop?.dispose();
});

interface Raw {
  status: number;
  /** Header lines, by lower-case name, in the order they came. */
  lines: Map<string, string[]>;
  body: string;
}

function raw(text: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk)).on('error', reject);
    socket.on('close', () => resolve(parse(Buffer.concat(chunks).toString('utf8'))));
  });
}

function parse(answer: string): Raw {
  const end = answer.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = answer.slice(0, end).split('\r\n');
  const lines = new Map<string, string[]>();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    lines.set(name, [...(lines.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { status: Number(statusLine.split(' ')[1]), lines, body: answer.slice(end + 4) };
}

const request = (method: string, target: string, extra: string[] = []) =>
  [`${method} ${target} HTTP/1.1`, 'Host: shop.test', `Origin: ${FRIEND}`, 'Connection: close', ...extra, '', ''].join(
    '\r\n',
  );

const SECURITY_HEADERS = ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy'];

describe('every kind of edge answer', () => {
  it.each([
    { kind: 'refused by the guard under /api', method: 'TRACE', target: '/api/categories', api: true, status: 405 },
    {
      kind: 'refused under /api: absolute-form target',
      method: 'GET',
      target: 'http://shop.test/api/categories',
      api: true,
      status: 400,
    },
    {
      kind: 'routed by the API',
      method: 'GET',
      target: `/api/animals/search?search=${encodeURIComponent('דרקון')}`,
      api: true,
      status: 200,
    },
    { kind: 'routed by the API: not found', method: 'GET', target: '/api/nowhere', api: true, status: 404 },
    { kind: 'from memory', method: 'GET', target: '/api/categories', api: true, status: 200, twice: true },
    { kind: 'a page', method: 'GET', target: '/products?query=x', api: false, status: 200 },
    {
      kind: 'a page from memory',
      method: 'GET',
      target: '/products?query=x&utm_source=mail',
      api: false,
      status: 200,
      twice: true,
    },
    { kind: 'a page refused by the guard', method: 'POST', target: '/products', api: false, status: 405 },
    {
      kind: 'a page refused at the edge: too long',
      method: 'GET',
      target: `/products?query=${'a'.repeat(9000)}`,
      api: false,
      status: 414,
    },
  ])('$kind: CORS, Vary, security headers and ETag exactly once', async ({ method, target, api, status, twice }) => {
    const extra = method === 'POST' ? ['Content-Length: 0'] : [];
    if (twice) await raw(request(method, target, extra));
    const answer = await raw(request(method, target, extra));
    expect(answer.status).toBe(status);
    const once = (name: string) => expect(answer.lines.get(name), name).toHaveLength(1);
    for (const name of [...SECURITY_HEADERS, 'etag', 'vary']) once(name);
    const vary = answer.lines
      .get('vary')![0]!
      .split(',')
      .map((token) => token.trim().toLowerCase());
    expect(new Set(vary).size, 'each name once in Vary').toBe(vary.length);
    const frameAncestors = (answer.lines.get('content-security-policy') ?? []).filter((policy) =>
      policy.includes('frame-ancestors'),
    );
    expect(frameAncestors).toHaveLength(1);
    if (api) {
      once('access-control-allow-origin');
      expect(answer.lines.get('access-control-allow-origin')).toEqual([FRIEND]);
      expect(vary).toContain('origin');
      expect(answer.lines.get('content-type')).toEqual(['application/json; charset=utf-8']);
    } else {
      expect(answer.lines.has('access-control-allow-origin')).toBe(false);
      expect(answer.lines.get('content-type')![0]).toMatch(/^text\/html/);
    }
  });

  it('keeps an API answer made now as it was sent: compressed once, its copy counted by the cache', async () => {
    const target = `/api/animals/search?search=${encodeURIComponent('דרקון')}&sort=price`;
    const before = shop.cache.bytes;
    const first = await raw(request('GET', target, ['Accept-Encoding: br']));
    expect(first.lines.get('content-encoding')).toEqual(['br']);
    const plain = await raw(request('GET', target, ['Accept-Encoding: identity']));
    const length = (answer: Raw) => Number(answer.lines.get('content-length')![0]);
    expect(length(first)).toBeLessThan(length(plain));
    // The kept entry holds the body and the compressed copy the first answer sent.
    expect(shop.cache.bytes - before).toBeGreaterThanOrEqual(length(plain) + length(first));
    const kept = shop.cache.bytes;
    const again = await raw(request('GET', target, ['Accept-Encoding: br']));
    expect(again.lines.get('etag')).toEqual(first.lines.get('etag'));
    expect(shop.cache.bytes, 'nothing made again').toBe(kept);
  });

  it("answers a renamed category's old API address with its redirect, from the kept-answer path too", async () => {
    const categories = createCategoryWrites(shop.writeDatabase, { now: () => new Date('2026-11-27T08:00:00Z') });
    const owner = { id: 'user_2owner', name: 'בעלת החנות' };
    const created = await categories.create(owner, {
      slug: 'dusk-edge',
      name: 'יצורי דמדומים',
      description: 'ערים בין הערביים',
    });
    await categories.update(owner, created._id, 1, { slug: 'dawn-edge' });
    for (let round = 0; round < 2; round++) {
      const moved = await raw(request('GET', '/api/categories/dusk-edge?isPopulate=true&limit=2'));
      expect(moved.status).toBe(301);
      expect(moved.lines.get('location')).toEqual(['/api/categories/dawn-edge?isPopulate=true&limit=2']);
      expect(moved.lines.get('access-control-allow-origin')).toEqual([FRIEND]);
      expect(JSON.parse(moved.body)).toEqual({ message: expect.stringMatching(/[א-ת]/) });
    }
  });

  it('answers a 304 with the same security headers as its 200', async () => {
    for (const target of ['/api/categories', '/products']) {
      const full = await raw(request('GET', target));
      const etag = full.lines.get('etag')![0]!;
      const notModified = await raw(request('GET', target, [`If-None-Match: ${etag}`]));
      expect(notModified.status, target).toBe(304);
      for (const name of [...SECURITY_HEADERS, 'content-security-policy', 'etag', 'vary', 'cache-control'])
        expect(notModified.lines.get(name), `${target} ${name}`).toEqual(full.lines.get(name));
    }
  });

  it('answers HEAD from the same entry as GET, whichever comes first', async () => {
    for (const [first, then] of [
      ['HEAD', 'GET'],
      ['GET', 'HEAD'],
    ] as const) {
      const target = `/products?query=${first}`;
      const one = await raw(request(first, target));
      const other = await raw(request(then, target));
      const [head, get] = first === 'HEAD' ? [one, other] : [other, one];
      expect(head.body).toBe('');
      expect(get.body).toMatch(/תיפלץ/);
      expect(head.lines.get('etag')).toEqual(get.lines.get('etag'));
      expect(head.lines.get('content-length')).toEqual(get.lines.get('content-length'));
    }
  });

  it('answers a 100 KB page query with the Hebrew HTML page, 414', async () => {
    const answer = await raw(request('GET', `/products?query=${'a'.repeat(100 * 1024)}`));
    expect(answer.status).toBe(414);
    expect(answer.lines.get('content-type')).toEqual(['text/html; charset=utf-8']);
    expect(answer.body).toMatch(/<html lang="he" dir="rtl">/);
    expect(answer.body).toMatch(/ארוכה מדי/);
  });

  it('lets a client still sending a too-large body read the 413', async () => {
    const total = 10_000_028;
    const answer = await new Promise<{ status: number; body: string; error: string | undefined }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const received: Buffer[] = [];
      let sent = 0;
      const chunk = Buffer.alloc(64 * 1024, 'a');
      socket.on('data', (data) => received.push(data));
      const done = (error?: Error) => {
        const text = Buffer.concat(received).toString('utf8');
        resolve({
          status: Number(text.split(' ')[1]),
          body: text.slice(text.indexOf('\r\n\r\n') + 4),
          error: error?.message,
        });
      };
      socket.once('error', done);
      socket.once('close', () => done());
      socket.write(
        request('POST', '/api/contact', ['Content-Type: application/json', `Content-Length: ${total}`]).replace(
          'Connection: close\r\n',
          '',
        ),
      );
      // Like a browser uploading a large form: it sends the whole body before it reads the answer.
      const pump = () => {
        while (sent < total) {
          const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
          sent += piece.length;
          if (!socket.write(piece)) return void socket.once('drain', pump);
        }
        socket.end();
      };
      pump();
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/[א-ת]/) });
  });
});

describe('one public origin for pages and API pictures', () => {
  let proxied: TestShop;
  let proxiedFront: FrontServer;
  beforeAll(async () => {
    proxied = await openTestShop({ TRUST_PROXY: 'true', CACHE_ENTRIES: '100' });
    // A page that writes the origin its canonical links would use (src/features/seo/site.server.ts).
    const pages = (req: http.IncomingMessage, res: http.ServerResponse) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<link rel="canonical" href="${siteOrigin(new URL(req.url!, 'http://internal.invalid'))}/">`);
    };
    proxiedFront = await startFront(proxied, pages);
  });
  afterAll(async () => {
    await proxiedFront?.close();
    await proxied?.dispose();
  });

  /** node:http, not fetch: fetch cannot send its own Host. */
  const ask = (path: string, headers: Record<string, string>) =>
    new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: proxiedFront.port, path, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        })
        .on('error', reject);
    });

  it.each([
    [{ 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https' }, 'https://shop.example'],
    // The one host-name rule: a name with '_' passes the guard, and is the origin everywhere.
    [{ Host: 'my_shop:8080' }, 'http://my_shop:8080'],
  ])('%o: canonical links and API pictures both name %s', async (headers, origin) => {
    expect(await ask('/', headers)).toBe(`<link rel="canonical" href="${origin}/">`);
    const categories = JSON.parse(await ask('/api/categories', headers)) as { img: string }[];
    expect(categories[0]!.img.startsWith(`${origin}/art/`)).toBe(true);
  });
});
