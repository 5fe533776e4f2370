/**
 * The production server's start order (src/server/operations/listen-when-read.ts, scripts/serve.ts): the
 * search's catalogue index is read whole before the server is ready and listens, so the first search a
 * shopper can send is answered from it — here with the SQL search's posting list gone at that moment,
 * for a catalogue large enough that a search would not wait for a reading under way. A failed reading
 * still lets the server listen (searches then run in SQL).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INDEX_WAIT_UP_TO } from '../../src/server/db/catalogue-index/catalogue-index-keeper.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { listenWhenRead } from '../../src/server/operations/listen-when-read.ts';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { openTestShopWith, type TestShop } from '../helpers/shop.ts';

describe('the start order', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShopWith(syntheticCatalogue(INDEX_WAIT_UP_TO + 500));
  });
  afterAll(() => shop?.dispose());

  it('reads the index, then is ready, then listens: the first search is answered from the index', async () => {
    const steps: string[] = [];
    let first: AnimalSearchResult | undefined;
    await listenWhenRead({
      readSearchIndex: async () => {
        steps.push('reading');
        await shop.catalogue.readSearchIndex();
        steps.push('read');
      },
      serving: () => steps.push('ready'),
      listen: async () => {
        steps.push('listening');
        expect(shop.catalogue.searchIndexReading()).toBeDefined();
        // Without the SQL search's posting list, only the index can answer a word search.
        await sql`drop table animal_word`.execute(shop.writeDatabase.db);
        first = (await (await shop.get('/animals/search?search=דרקונים&limit=5')).json()) as AnimalSearchResult;
      },
    });
    expect(steps).toEqual(['reading', 'read', 'ready', 'listening']);
    expect(first?.total).toBeGreaterThan(0);
    expect(first?.animals.length).toBe(5);
  });

  it('still listens when the reading fails, searches then answered in SQL', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const steps: string[] = [];
    await listenWhenRead({
      readSearchIndex: () => Promise.reject(new Error('database gone')),
      serving: () => steps.push('ready'),
      listen: async () => void steps.push('listening'),
    });
    expect(steps).toEqual(['ready', 'listening']);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
