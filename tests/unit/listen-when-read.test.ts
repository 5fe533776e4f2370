/**
 * The production server's start order (src/server/operations/listen-when-read.ts, scripts/serve.ts): the
 * search's catalogue index is read whole before the server is ready and listens, so the first search a
 * shopper can send is answered from it without reading it again. A failed reading still lets the server
 * listen (each list then reads the index before it answers).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { listenWhenRead } from '../../src/server/operations/listen-when-read.ts';
import type { AnimalSearchResult } from '../../src/lib/schemas.ts';
import { openTestShopWith, type TestShop } from '../helpers/shop.ts';

describe('the start order', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShopWith(syntheticCatalogue(600));
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
        const reading = shop.catalogue.searchIndexReading();
        expect(reading).toBeDefined();
        first = (await (await shop.get('/animals/search?search=דרקונים&limit=5')).json()) as AnimalSearchResult;
        expect(shop.catalogue.searchIndexReading(), 'the index read at start answered').toBe(reading);
      },
    });
    expect(steps).toEqual(['reading', 'read', 'ready', 'listening']);
    expect(first?.total).toBeGreaterThan(0);
    expect(first?.animals.length).toBe(5);
  });

  it('still listens when the reading fails', async () => {
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
