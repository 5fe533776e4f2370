/**
 * The edge (src/server/http/edge.ts, behind src/server/http/guard.ts) on a real HTTP server:
 * every /api answer is the API's JSON with CORS, whatever the request looks like; pages get the
 * lenient reading of their URL.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFront, type FrontServer } from '../helpers/front-server.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const FRIEND = 'http://friend.example';
let shop: TestShop;
let front: FrontServer;
let base: string;

beforeAll(async () => {
  shop = await openTestShop({ ALLOWED_ORIGINS: FRIEND, MAX_BODY_BYTES: '2048' });
  const pages = (req: http.IncomingMessage, res: http.ServerResponse) => {
    decodeURI(req.url!); // what Astro's adapter does first: it must not throw
    res.end(new URL(req.url!, 'http://x').searchParams.get('query') ?? '');
  };
  front = await startFront(shop, pages);
  base = front.base;
});
afterAll(async () => {
  await front?.close();
  await shop?.dispose();
});

/** Sends bytes as they are (no client-side URL cleaning) and returns the raw answer. */
function raw(text: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(front.port, '127.0.0.1', () => socket.end(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk)).on('error', reject);
    socket.on('close', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head: head.toLowerCase(), body });
    });
  });
}

const get = (target: string) =>
  raw(`GET ${target} HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${FRIEND}\r\nConnection: close\r\n\r\n`);

function expectApiJson(answer: { head: string; body: string }) {
  expect(answer.head).toContain('content-type: application/json');
  expect(answer.head).toContain(`access-control-allow-origin: ${FRIEND}`);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  return body;
}

describe('the edge', () => {
  it.each([
    ['/api/animals/search?search=100%&sort=price', 200],
    ['/api/animals/search?search=a%zz', 200],
    ['/api/animals/search?search=%C3%28', 200],
    ['/api/animals/%', 404],
    ['/api/animals/%zz', 404],
    ['/api/categories/%C3%28', 404],
    ['/api/nowhere%', 404],
  ])('answers %s with JSON and CORS (%i)', async (target, status) => {
    const answer = await get(target);
    expect(answer.status).toBe(status);
    const body = expectApiJson(answer);
    if (status === 404) expect(Object.keys(body)).toEqual(['message']);
  });

  it('searches for the literal text of an unencoded %', async () => {
    const answer = await get('/api/animals/search?search=100%');
    expect(expectApiJson(answer)).toMatchObject({ animals: [], total: 0 }); // and the facets
    const found = await fetch(`${base}/api/animals/search?search=${encodeURIComponent('דרקון')}`);
    expect(((await found.json()) as { total: number }).total).toBeGreaterThan(0);
  });

  it('answers a 100 KB query string with a JSON 414', async () => {
    const answer = await get(`/api/animals/search?search=${'a'.repeat(100 * 1024)}`);
    expect(answer.status).toBe(414);
    expect(expectApiJson(answer).message).toMatch(/[א-ת]/);
  });

  it('answers known but unsupported methods with 405 and Allow, unknown ones with a JSON 501', async () => {
    const put = await raw(
      `PUT /api/categories HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${FRIEND}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(put.status).toBe(405);
    expect(put.head).toContain('allow: get, head, options');
    expectApiJson(put);
    const brew = await raw('BREW /api/categories HTTP/1.1\r\nHost: shop.test\r\n\r\n');
    expect(brew.status).toBe(501);
    expect(brew.head).toContain('content-type: application/json');
    expect(JSON.parse(brew.body)).toEqual({ message: expect.stringMatching(/[א-ת]/) });
  });

  it('answers broken requests with JSON too', async () => {
    const answer = await raw('GET /api/categories HTTP/1.1\r\nHost shop.test\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: expect.stringMatching(/[א-ת]/) });
  });

  it('answers a raw non-ASCII byte in the target, which Node cannot parse, with JSON and CORS under /api only', async () => {
    const unparsed = (target: string) =>
      raw(`GET ${target} HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${FRIEND}\r\nConnection: close\r\n\r\n`);
    const api = await unparsed('/api/animals/search?search=דרקון');
    expect(api.status).toBe(400);
    expect(expectApiJson(api).message).toMatch(/[א-ת]/);
    for (const target of ['/products?query=דרקון', '/api/admin/animals?search=דרקון']) {
      const answer = await unparsed(target);
      expect(answer.status, target).toBe(400);
      expect(answer.head, target).not.toContain('access-control-allow-origin');
    }
    const stranger = await raw(
      'GET /api/animals/search?search=דרקון HTTP/1.1\r\nHost: shop.test\r\nOrigin: http://stranger.example\r\n\r\n',
    );
    expect(stranger.status).toBe(400);
    expect(stranger.head).not.toContain('access-control-allow-origin');
  });

  it('refuses an oversized body with a JSON 413, declared or streamed', async () => {
    const big = JSON.stringify({ subject: 'x'.repeat(10_000) });
    const declared = await fetch(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: FRIEND },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(declared.headers.get('Access-Control-Allow-Origin')).toBe(FRIEND);
    const chunked = await raw(
      `POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${FRIEND}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
        `${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(chunked.status).toBe(413);
    expectApiJson(chunked);
  });

  it('after a 413 with Connection: close, reads the rest of the body before it closes: the client may send on', async () => {
    const size = 4 * 1024 * 1024;
    const outcome = await new Promise<{ answer: string; error: string | undefined; sent: number }>((resolve) => {
      // The server's end of the answer does not end the client's sending (a half-close).
      const socket = net.connect({
        port: front.port,
        host: '127.0.0.1',
        allowHalfOpen: true,
      });
      const received: Buffer[] = [];
      let error: string | undefined;
      let sent = 0;
      // The whole body goes only once the answer is here, as from a client that reads late.
      const sendBody = () => {
        while (sent < size) {
          sent += 64 * 1024;
          if (!socket.write(Buffer.alloc(64 * 1024, 'a'))) return void socket.once('drain', sendBody);
        }
        socket.end();
      };
      socket.on('data', (chunk: Buffer) => {
        if (received.length === 0) sendBody();
        received.push(chunk);
      });
      socket.on('error', (failure: NodeJS.ErrnoException) => (error = failure.code));
      socket.on('close', () => resolve({ answer: Buffer.concat(received).toString('utf8'), error, sent }));
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${size}\r\nConnection: close\r\n\r\n`,
      );
    });
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.error, 'the server closed while the body was still coming').toBeUndefined();
    expect(outcome.sent).toBe(size);
  });

  it('gives pictures absolute URLs from the Host the request came to', async () => {
    const answer = await get('/api/categories');
    const categories = expectApiJson(answer) as unknown as { img: string }[];
    expect(categories[0]!.img).toMatch(/^http:\/\/shop\.test\/art\/categories\/[\w-]+\.svg$/);
  });

  it('names Origin once in Vary, preflight included', async () => {
    const preflight = await raw(
      `OPTIONS /api/contact HTTP/1.1\r\nHost: shop.test\r\nOrigin: ${FRIEND}\r\nAccess-Control-Request-Method: POST\r\nConnection: close\r\n\r\n`,
    );
    expect(preflight.status).toBe(204);
    expect(preflight.head.match(/^vary: .*$/gm)).toEqual(['vary: origin']);
  });

  it('hands pages a URL that strict decoding accepts, read leniently', async () => {
    for (const [target, query] of [
      ['/products?query=100%', '100%'],
      ['/products?query=a%zz', 'a%zz'],
      ['/products?query=100%25', '100%'],
    ] as const) {
      const answer = await get(target);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(query);
    }
  });

  it('lets other origins show pictures', async () => {
    const answer = await get('/art/categories/x.svg');
    expect(answer.head).toContain('cross-origin-resource-policy: cross-origin');
  });
});

describe('cache hits, sent by the edge', () => {
  let cached: TestShop;
  let cachedFront: FrontServer;
  let url: string;
  beforeAll(async () => {
    cached = await openTestShop({ ALLOWED_ORIGINS: FRIEND, CACHE_ENTRIES: '100' });
    cachedFront = await startFront(cached);
    url = `${cachedFront.base}/api/categories`;
  });
  afterAll(async () => {
    await cachedFront?.close();
    await cached?.dispose();
  });

  it('sends the same answer as the first time, with CORS, ETag, 304 and HEAD', async () => {
    const first = await fetch(url, { headers: { Origin: FRIEND, 'Accept-Encoding': 'identity' } });
    const firstBody = await first.text();
    const kept = await fetch(url, { headers: { Origin: FRIEND, 'Accept-Encoding': 'identity' } });
    expect(await kept.text()).toBe(firstBody);
    for (const name of [
      'Content-Type',
      'ETag',
      'Cache-Control',
      'Access-Control-Allow-Origin',
      'Access-Control-Allow-Credentials',
    ]) {
      expect(kept.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(kept.headers.get('Vary')).toBe('Origin, Accept-Encoding');
    const stranger = await fetch(url, { headers: { Origin: 'https://evil.example' } });
    expect(stranger.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const again = await fetch(url, { headers: { 'If-None-Match': first.headers.get('ETag')! } });
    expect(again.status).toBe(304);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('compresses a kept answer once, as Accept-Encoding allows', async () => {
    const plain = await (await fetch(url, { headers: { 'Accept-Encoding': 'identity' } })).text();
    for (const encoding of ['br', 'gzip']) {
      for (let round = 0; round < 2; round++) {
        const response = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
        expect(response.headers.get('Content-Encoding')).toBe(encoding);
        expect(await response.text()).toBe(plain); // fetch decodes it
      }
    }
  });
});
