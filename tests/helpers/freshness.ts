/**
 * A catalogue change made behind the servers' back (a direct SQL UPDATE of an animal's price and
 * stock) must show on the animal page, a search page and the API of every server to every request
 * sent a second or more after it, although each was just served from the server's cache.
 */
import { expect } from '@playwright/test';
import { formatPrice } from '../../src/lib/format.ts';
import type { ProductionServer } from './production-server.ts';
import { answerHeldToPromise } from './staleness.ts';

const NEW_PRICE = 98_765;

interface Animal {
  _id: string;
  name: string;
  price: number;
  countInStock: number;
}

/** What the three answers show now: the animal page, a search page that lists it, the API. */
async function shown(server: ProductionServer, animal: Animal) {
  const [page, search, api] = await Promise.all([
    fetch(`${server.url}/products/${animal._id}`).then((response) => response.text()),
    fetch(`${server.url}/products?query=${encodeURIComponent(animal.name)}`).then((response) => response.text()),
    fetch(`${server.url}/api/animals/${animal._id}`).then((response) => response.json() as Promise<Animal>),
  ]);
  return {
    page: page.includes(formatPrice(NEW_PRICE)) && page.includes('schema.org/OutOfStock'),
    search: search.includes(formatPrice(NEW_PRICE)),
    api: api.price === NEW_PRICE && api.countInStock === 0,
  };
}

/** Warms every server's cache, runs `update` (price NEW_PRICE, stock 0) and holds every server to the staleness promise. */
export async function expectChangeWithinASecond(
  servers: readonly ProductionServer[],
  update: (animalId: string, price: number) => Promise<void>,
): Promise<void> {
  const { animals } = (await (await fetch(`${servers[0]!.url}/api/animals/search?limit=1&sort=price`)).json()) as {
    animals: Animal[];
  };
  const animal = animals[0]!;
  expect(animal.price).not.toBe(NEW_PRICE);
  // Warm: each answer rendered once and served again from the cache.
  for (const server of servers)
    for (let round = 0; round < 2; round++)
      expect(await shown(server, animal)).toEqual({ page: false, search: false, api: false });

  await update(animal._id, NEW_PRICE);
  const changedAt = performance.now();
  const all = { page: true, search: true, api: true };
  for (const server of servers) {
    const answer = await answerHeldToPromise(
      changedAt,
      () => shown(server, animal),
      (now) => now.page && now.search && now.api,
    );
    expect(answer, server.url).toEqual(all);
  }
}
