/**
 * The probes (src/server/http/front.ts, src/server/operations/health.ts) on a real socket, behind the same front as the
 * production server: live while the process answers; ready only once serving and not while draining,
 * with the database's state and the catalogue version in the body; answered whatever the Host; never kept.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_PATH } from '../../src/server/http/front.ts';
import { getOnce, startFront, type FrontServer } from '../helpers/front-server.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

let shop: TestShop;
let front: FrontServer;

beforeAll(async () => {
  shop = await openTestShop({ ALLOWED_HOSTS: 'shop.example', CACHE_ENTRIES: '100' });
  front = await startFront(shop);
});
afterAll(async () => {
  await front?.close();
  await shop?.dispose();
});

const probe = async (path: string, host = 'shop.example') => {
  const answer = await getOnce(front.port, path, { Host: host });
  return { ...answer, json: JSON.parse(answer.body) as Record<string, unknown> };
};

describe('the probes', () => {
  it('is not ready before the catalogue index is read, then ready with the catalogue version', async () => {
    const before = await probe(READY_PATH);
    expect(before.status).toBe(503);
    expect(before.json).toMatchObject({ ready: false, reason: expect.stringContaining('catalogue index') });
    expect((await probe('/health/live')).status).toBe(200);

    await shop.catalogue.readSearchIndex();
    front.health.serving();
    const after = await probe(READY_PATH);
    expect(after.status).toBe(200);
    const version = await shop.catalogueVersion();
    expect(after.json).toEqual({
      ready: true,
      database: 'reachable',
      catalogueVersion: version,
      behindSeconds: expect.any(Number),
    });
  });

  it('answers a probe whatever the Host, while ALLOWED_HOSTS refuses a shopper with that Host', async () => {
    for (const host of ['10.1.2.3:4321', 'localhost', '[::1]:8080']) {
      expect((await probe('/health/live', host)).status, host).toBe(200);
      expect((await probe(READY_PATH, host)).status, host).toBe(200);
    }
    expect((await getOnce(front.port, '/', { Host: '10.1.2.3' })).status).toBe(400);
    expect((await getOnce(front.port, '/', { Host: 'shop.example' })).status).toBe(200);
  });

  it('is never kept, by the shop or on the way', async () => {
    const answer = await probe(READY_PATH);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const kept = shop.cache.size;
    await probe(READY_PATH);
    await probe('/health/live');
    expect(shop.cache.size).toBe(kept);
  });

  it('takes GET and HEAD only, with a JSON refusal', async () => {
    const refused = await new Promise<number>((resolve, reject) => {
      const options = { host: '127.0.0.1', port: front.port, path: READY_PATH, method: 'POST', agent: false };
      http
        .request(options, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject)
        .end();
    });
    expect(refused).toBe(405);
  });

  it('turns unready while draining, and live stays 200; answers then close their connection', async () => {
    front.health.draining();
    const ready = await probe(READY_PATH);
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ ready: false, reason: expect.stringContaining('shutting down') });
    expect((await probe('/health/live')).status).toBe(200);
    const page = await getOnce(front.port, '/', { Host: 'shop.example', Connection: 'keep-alive' });
    expect(page.status).toBe(200);
    expect(page.headers.connection).toBe('close');
  });
});
