/**
 * The owner's changes as shoppers meet them, through a production server and its page cache: a
 * category renamed by the owner answers its old address with a permanent redirect, and a hidden
 * animal's page answers 404 and leaves the lists — for every request sent a second or more after the
 * change, as every catalogue change — its similar animals' pages (kept in the cache) no longer list it.
 * The changes are made with the shop's own write code, from another process (as `npm run catalogue`
 * does). No browser: Node's fetch. Port: E2E_PORT + 23.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadConfig } from '../../src/server/config.ts';
import { createAnimalWrites } from '../../src/server/db/catalogue/catalogue-writes.ts';
import { createCategoryWrites } from '../../src/server/db/catalogue/category-writes.ts';
import { openShop } from '../../src/server/shop.ts';
import { seedAnimal, seedCategory } from '../helpers/catalogue.ts';
import { ProductionServer } from '../helpers/production-server.ts';
import { answerHeldToPromise } from '../helpers/staleness.ts';

const PORT = Number(process.env.E2E_PORT ?? 4400) + 23;
const owner = { id: 'cli:test', name: 'בעלת החנות' };

test('a renamed category redirects for good, a hidden animal is gone — within a second', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-owner-'));
  const path = join(folder, 'shop.db');
  const server = new ProductionServer(PORT, { DATABASE_PATH: path, SEED_ON_START: 'true' });
  await server.start();
  const shop = await openShop(loadConfig({ DATABASE_URL: '', DATABASE_PATH: path, SEED_ON_START: 'false' }));
  const get = (pathname: string) => fetch(`${server.url}${pathname}`, { redirect: 'manual' });
  const sky = seedCategory('sky-creatures');
  const dragon = seedAnimal('thimble-dragon');
  // An animal of the dragon's category: its page lists the dragon among its similar animals.
  const sibling = seedAnimal('usb-hamster');
  const listsDragon = async () =>
    (await (await get(`/products/${sibling.id}`)).text()).includes(`/products/${dragon.id}"`);
  try {
    // Served once, so both are in the server's cache.
    expect((await get('/categories/sky-creatures?page=1')).status).toBe(200);
    expect((await get(`/products/${dragon.id}`)).status).toBe(200);
    const list = await (await get(`/products?query=${encodeURIComponent(dragon.name)}`)).text();
    expect(list).toContain(`/products/${dragon.id}`);
    expect(await listsDragon()).toBe(true);

    const categories = createCategoryWrites(shop.writeDatabase);
    const category = (await categories.list()).find((candidate) => candidate.slug === sky.slug)!;
    await categories.update(owner, category._id, category.version, { slug: 'sky-beasts' });
    const animals = createAnimalWrites(shop.writeDatabase);
    await animals.hide(owner, dragon.id, (await animals.read(dragon.id))!.version);
    const changedAt = performance.now();

    const oldAddress = async () => {
      const old = await get('/categories/sky-creatures?page=2');
      return [old.status, old.headers.get('location')];
    };
    const redirect = [301, '/categories/sky-beasts?page=2'];
    expect(
      await answerHeldToPromise(changedAt, oldAddress, (answer) => JSON.stringify(answer) === JSON.stringify(redirect)),
    ).toEqual(redirect);
    const hidden = async () => (await get(`/products/${dragon.id}`)).status;
    expect(await answerHeldToPromise(changedAt, hidden, (status) => status === 404)).toBe(404);
    expect(await answerHeldToPromise(changedAt, listsDragon, (listed) => !listed)).toBe(false);
    expect((await get('/categories/sky-beasts')).status).toBe(200);
    expect(await (await get(`/products?query=${encodeURIComponent(dragon.name)}`)).text()).not.toContain(
      `/products/${dragon.id}`,
    );
    expect(await (await get('/categories/sky-beasts')).text()).toContain(sky.name);
  } finally {
    await shop.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
