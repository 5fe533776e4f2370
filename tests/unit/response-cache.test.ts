/**
 * The response cache (src/server/http/response-cache.ts): answers reused while the catalogue's
 * version stands, and never older than a second after a change — with two servers on one database.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../src/lib/schemas.ts';
import { createApi, type Api } from '../../src/server/api/router.ts';
import type { ContactStore } from '../../src/server/db/contact/contact-messages.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createEdge } from '../../src/server/http/edge.ts';
import { ResponseCache } from '../../src/server/http/response-cache.ts';
import { prepareResponse, sendPrepared, sizeOf } from '../../src/server/http/prepared-response.ts';
import { CATALOGUE_VERSION_INTERVAL_MS, catalogueVersionReader } from '../../src/server/search/index.ts';
import type { Catalogue } from '../../src/server/db/catalogue/catalogue-reads.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { apiClient, sendAsFetch, type ApiClient } from '../helpers/front-server.ts';
import { freshDatabase, type FreshLocation } from '../helpers/shop.ts';
import { answerHeldToPromise } from '../helpers/staleness.ts';

/** `api` behind the production edge and its sender, on a socket. */
async function serveApi(api: Api, config: ReturnType<typeof loadConfig>) {
  const server = http.createServer(createEdge({ api, config, pages: () => undefined }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    get: (path: string, headers: Record<string, string> = {}) => sendAsFetch(port, `/api${path}`, { headers }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('the answer cache', () => {
  it('reads the catalogue once per version, and again after a change', async () => {
    let reads = 0;
    let version = 1;
    const catalogue = {
      listCategories: async () => {
        reads++;
        return [{ _id: 'c1', slug: 'c', name: `v${version}`, description: '', img: '/art/categories/c.svg' }];
      },
    } as unknown as Catalogue;
    const config = loadConfig({});
    const api = createApi({
      catalogue,
      contact: {} as ContactStore,
      config,
      catalogueVersion: async () => String(version),
      cache: new ResponseCache({ maxEntries: 10, maxBytes: 1024 * 1024 }),
    });
    const served = await serveApi(api, config);
    try {
      const first = await (await served.get('/categories')).json();
      const again = await served.get('/categories');
      expect(await again.json()).toEqual(first);
      expect(reads).toBe(1);
      const etag = again.headers.get('ETag')!;
      expect((await served.get('/categories', { 'If-None-Match': etag })).status).toBe(304);
      // Another origin asking gets its own picture URLs, not the kept ones.
      const other = (await (await served.get('/categories', { Host: 'other.test' })).json()) as Category[];
      expect(other[0]!.img).toBe('http://other.test/art/categories/c.svg');
      expect(reads).toBe(2);
      version = 2;
      expect(((await (await served.get('/categories')).json()) as Category[])[0]!.name).toBe('v2');
      expect(reads).toBe(3);
    } finally {
      await served.close();
    }
  });

  it('reads the version at most once per interval, sharing one reading', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      let readings = 0;
      const read = catalogueVersionReader(async () => ++readings);
      expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
      vi.advanceTimersByTime(CATALOGUE_VERSION_INTERVAL_MS - 1);
      expect(await read()).toBe(1);
      vi.advanceTimersByTime(1);
      expect(await read()).toBe(2);
      // A write this process committed: the next reading goes to the database at once.
      read.forget();
      expect(await read()).toBe(3);
      expect(await read()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
  it('answers the version last read while the database fails, asking again once per interval', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      let readings = 0;
      let down = false;
      const read = catalogueVersionReader(async () => {
        readings++;
        if (down) throw new Error('connect ECONNREFUSED');
        return readings;
      });
      expect(read.held()).toBeUndefined();
      expect(await read()).toBe(1);
      down = true;
      vi.advanceTimersByTime(CATALOGUE_VERSION_INTERVAL_MS);
      expect(await read()).toBe(1);
      expect(read.held()).toMatchObject({ version: 1, failedAt: expect.any(Number) });
      // No second attempt within the interval.
      expect(await read()).toBe(1);
      expect(readings).toBe(2);
      down = false;
      vi.advanceTimersByTime(CATALOGUE_VERSION_INTERVAL_MS);
      expect(await read()).toBe(3);
      expect(read.held()).toMatchObject({ version: 3, failedAt: undefined });
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails the first reading when the database never answered', async () => {
    const read = catalogueVersionReader(() => Promise.reject(new Error('down')));
    await expect(read()).rejects.toThrow('down');
    expect(read.held()).toBeUndefined();
  });
});

describeEachDatabase('kept answers across two servers', (database) => {
  let location: FreshLocation;
  let servers: Shop[] = [];
  const clients = new Map<Shop, ApiClient>();
  beforeAll(async () => {
    location = await freshDatabase(database);
    const config = loadConfig({ ...location.env, CACHE_ENTRIES: '100' });
    servers.push(await openShop(config));
    servers.push(await openShop(config));
    for (const server of servers) clients.set(server, apiClient(server));
  });
  afterAll(async () => {
    for (const client of clients.values()) await client.close();
    for (const server of servers) await server.close();
    servers = [];
    await location?.remove();
  });

  const firstName = async (server: Shop) =>
    ((await (await clients.get(server)!.request('/categories')).json()) as Category[])[0]!.name;

  it('show a catalogue change to every request sent a second or more after it', async () => {
    const [one, two] = servers as [Shop, Shop];
    const before = await firstName(one);
    expect(await firstName(two)).toBe(before);
    const renamed = `${before} (חדש)`;
    await one.database.db.updateTable('category').set({ name: renamed }).where('position', '=', 0).execute();
    const changedAt = performance.now();
    for (const server of [one, two])
      expect(
        await answerHeldToPromise(
          changedAt,
          () => firstName(server),
          (name) => name === renamed,
        ),
      ).toBe(renamed);
  });
});

describe('the cache’s bounds', () => {
  const answer = (bytes: number) => prepareResponse(200, { 'content-type': 'text/html' }, Buffer.alloc(bytes));
  const v1 = { version: 'v1' };

  it('keeps at most its number of answers, dropping the least recently used first', () => {
    const cache = new ResponseCache({ maxEntries: 3, maxBytes: 1024 * 1024 });
    cache.get('a', v1);
    for (const key of ['a', 'b', 'c']) cache.set(key, v1, answer(100));
    expect(cache.get('a', v1)).toBeDefined(); // used: 'b' is now the least recently used
    cache.set('d', v1, answer(100));
    expect(cache.size).toBe(3);
    expect(cache.get('b', v1)).toBeUndefined();
    expect(cache.get('a', v1)).toBeDefined();
  });

  it('keeps its bytes — bodies, compressed copies and headers — under its limit, a thousand distinct pages on', () => {
    const limit = 64 * 1024;
    const cache = new ResponseCache({ maxEntries: 100_000, maxBytes: limit });
    cache.get('x', v1);
    for (let index = 0; index < 3000; index++) {
      const page = answer(1000 + (index % 7) * 300);
      cache.set(`page /products/${index}`, v1, page);
      page.compressed.set('gzip', Buffer.alloc(400));
      cache.recount(`page /products/${index}`, page);
      expect(cache.bytes).toBeLessThanOrEqual(limit);
    }
    expect(cache.size).toBeGreaterThan(20);
    expect(cache.get('page /products/2999', v1)).toBeDefined();
    expect(cache.get('page /products/0', v1)).toBeUndefined();
    cache.set('file /_astro/x.js', 'release', answer(100));
    expect(cache.get('page /products/2999', { version: 'v2' })).toBeUndefined(); // a new version empties the pages…
    expect(cache.get('file /_astro/x.js', 'release')).toBeDefined(); // …not the static files
  });

  it('holds no more than it counts: a small body and its compressed copies own their bytes, no shared slab', async () => {
    const page = prepareResponse(200, { 'content-type': 'text/html' }, Buffer.from(`<p>${'תיפלץ '.repeat(300)}</p>`));
    const server = http.createServer((req, res) => sendPrepared(req, res, page));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as net.AddressInfo).port;
      for (const encoding of ['br', 'gzip'])
        expect((await sendAsFetch(port, '/', { headers: { 'Accept-Encoding': encoding } })).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const held = [page.body, ...page.compressed.values()];
    expect(held).toHaveLength(3);
    const inMemory = held.reduce((total, bytes) => total + bytes.buffer.byteLength, 0);
    expect(inMemory).toBe(held.reduce((total, bytes) => total + bytes.length, 0));
    expect(sizeOf(page)).toBeGreaterThanOrEqual(inMemory);
  });

  it('renders once for concurrent misses of one key', async () => {
    const cache = new ResponseCache({ maxEntries: 10, maxBytes: 1024 * 1024 });
    let renders = 0;
    const render = async () => {
      renders++;
      await Promise.resolve();
      return answer(10);
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cache.through('page /', v1, render, () => true)),
    );
    expect(renders).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await cache.through('page /', v1, render, () => true);
    expect(renders).toBe(1);
  });
});
