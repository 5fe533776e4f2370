/**
 * A server cut off from PostgreSQL (through a TCP proxy this test opens and closes; the suite's shared
 * server keeps running): /health/ready reports the database unreachable but the server still ready,
 * kept pages and API answers still come from memory, the metrics say the database is down, and once the
 * proxy opens again the probe says reachable and fresh answers are made again.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { READY_PATH } from '../../src/server/http/front.ts';
import type { Metrics } from '../../src/server/operations/metrics.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { describeOnDatabase } from '../helpers/databases.ts';
import { getOnce, startFront, type FrontServer } from '../helpers/front-server.ts';
import { createPostgresDatabase, type FreshDatabase } from '../helpers/postgres.ts';
import { parseExposition, sampleValue } from '../helpers/prometheus-text.ts';
import { TcpProxy } from '../helpers/tcp-proxy.ts';

describeOnDatabase('postgres', 'a server whose PostgreSQL goes away', () => {
  let database: FreshDatabase;
  let proxy: TcpProxy;
  let shop: Shop;
  let front: FrontServer;
  let metrics: Metrics;
  let renders = 0;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const url = new URL(database.url);
    proxy = new TcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    await proxy.open();
    url.port = String(proxy.port);
    shop = await openShop(loadConfig({ DATABASE_URL: url.href, CACHE_ENTRIES: '100' }));
    // A page that reads the database to render, as the shop's pages do.
    front = await startFront(shop, (_req, res) => {
      renders++;
      void shop.catalogue.listCategories().then(
        (categories) => res.end(`<p>${categories.length}</p>`),
        () => {
          res.statusCode = 500;
          res.end('no database');
        },
      );
    });
    metrics = front.metrics;
    await shop.catalogue.readSearchIndex();
    front.health.serving();
  });
  afterAll(async () => {
    await front?.close();
    await proxy?.open().catch(() => {});
    await shop?.close();
    await proxy?.close();
    await database?.drop();
  });

  const ready = async () => {
    const answer = await getOnce(front.port, READY_PATH);
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  };
  const page = (path: string) => getOnce(front.port, path, { Host: 'shop.test' });
  const metric = async (name: string, labels: Record<string, string> = {}) =>
    sampleValue(parseExposition(await metrics.text()), name, labels);

  it('stays ready, reports the database unreachable, answers kept pages, and recovers', async () => {
    expect(await ready()).toMatchObject({ status: 200, body: { ready: true, database: 'reachable' } });
    const home = await page('/');
    const api = await page('/api/categories');
    expect([home.status, api.status]).toEqual([200, 200]);
    const rendersBefore = renders;
    const version = (await ready()).body.catalogueVersion;
    expect(await metric('shop_database_up')).toBe(1);
    expect(await metric('shop_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await proxy.close();
      await vi.waitFor(async () => expect((await ready()).body.database).toBe('unreachable'), { timeout: 60_000 });
      const cut = await ready();
      expect(cut).toMatchObject({ status: 200, body: { ready: true, catalogueVersion: version } });
      expect(cut.body.behindSeconds).toEqual(expect.any(Number));
      expect(await metric('shop_database_up')).toBe(0);
      expect(await metric('shop_ready')).toBe(1);

      // Kept answers still come from memory; an answer never kept cannot be made.
      expect(await page('/')).toMatchObject({ status: 200, body: home.body });
      expect(await page('/api/categories')).toMatchObject({ status: 200, body: api.body });
      expect(renders).toBe(rendersBefore);
      expect((await page('/categories')).status).toBe(500);

      await proxy.open();
      await vi.waitFor(async () => expect((await ready()).body.database).toBe('reachable'), { timeout: 60_000 });
      expect((await page('/categories')).status).toBe(200);
      expect(await metric('shop_database_up')).toBe(1);
    } finally {
      logged.mockRestore();
    }
  });
});
