/**
 * A PostgreSQL connection can end under the server (PostgreSQL restarted, an administrator ended
 * it). The server must neither crash (an unhandled 'error' event of the pool would end the process)
 * nor fail later requests: the pool drops the dead connections and opens new ones.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { describeOnDatabase } from '../helpers/databases.ts';
import { testDatabaseUrl } from '../helpers/postgres.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

describeOnDatabase('postgres', 'PostgreSQL connections ended under the server', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({}, 'postgres');
  });
  afterAll(() => shop?.dispose());

  it('keeps serving after every connection of its pool was terminated', async () => {
    // Fill the pool with idle connections.
    await Promise.all(Array.from({ length: 5 }, () => shop.catalogue.searchAnimals({ search: 'א', sort: 'name' })));
    const database = new URL((shop.config.database as { url: string }).url).pathname.slice(1);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const admin = new pg.Client({ connectionString: testDatabaseUrl() });
    await admin.connect();
    let ended = 0;
    try {
      const { rows } = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      ended = rows.length;
      expect(ended).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // Every ended connection reports its failure (on a busy machine they arrive one by one);
    // a request sent before the last one would be handed a dead connection.
    const failures = () =>
      logged.mock.calls.filter(([line]) => String(line).includes('idle PostgreSQL connection failed')).length;
    await vi.waitFor(() => expect(failures()).toBe(ended), { timeout: 30_000 });
    logged.mockRestore();
    const response = await shop.get('/categories');
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(seedCatalogue.length);
  });
});
