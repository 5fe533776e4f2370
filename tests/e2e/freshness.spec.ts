/**
 * A catalogue change made behind the server's back — a direct SQL UPDATE of an animal's price and
 * stock, as another process or an operator would — shows on the animal page, a search page and the
 * API within one second, on SQLite and on PostgreSQL, although all three are kept in the server's
 * cache (src/server/http/response-cache.ts) and were just served from it.
 * No browser: Node's fetch against a production server (scripts/serve.ts) of its own.
 * Ports: E2E_PORT + 21 (SQLite) and + 22 (PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { formatPrice } from '../../src/lib/format.ts';
import { createPostgresDatabase, inCI, postgresUnavailable, type FreshDatabase } from '../helpers/postgres.ts';
import { ProductionServer } from '../helpers/production-server.ts';

const BASE_PORT = Number(process.env.E2E_PORT ?? 4400);
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

async function expectChangeWithinASecond(server: ProductionServer, update: (id: string) => Promise<void>) {
  const { animals } = (await (await fetch(`${server.url}/api/animals/search?limit=1&sort=price`)).json()) as {
    animals: Animal[];
  };
  const animal = animals[0]!;
  expect(animal.price).not.toBe(NEW_PRICE);
  // Warm: each answer rendered once and served again from the cache.
  for (let round = 0; round < 2; round++)
    expect(await shown(server, animal)).toEqual({ page: false, search: false, api: false });

  await update(animal._id);
  const changedAt = performance.now();
  let now = await shown(server, animal);
  while (!(now.page && now.search && now.api)) {
    expect(performance.now() - changedAt, JSON.stringify(now)).toBeLessThan(1000);
    now = await shown(server, animal);
  }
  expect(performance.now() - changedAt).toBeLessThan(1000);
}

test('SQLite: a change written by another process shows within a second', async () => {
  test.setTimeout(60_000);
  const folder = mkdtempSync(join(tmpdir(), 'shop-freshness-'));
  const path = join(folder, 'shop.db');
  const server = new ProductionServer(BASE_PORT + 21, { DATABASE_PATH: path, SEED_ON_START: 'true' });
  await server.start();
  const other = new Database(path);
  try {
    await expectChangeWithinASecond(server, async (id) => {
      other.prepare('update animal set price = ?, count_in_stock = 0 where id = ?').run(NEW_PRICE, id);
    });
  } finally {
    other.close();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

test.describe('PostgreSQL', () => {
  const unavailable = postgresUnavailable();
  if (unavailable && !inCI()) console.warn(`[skipped] freshness on PostgreSQL: ${unavailable}`);
  test.skip(Boolean(unavailable) && !inCI(), unavailable);

  test('a change written by another client shows within a second', async () => {
    test.setTimeout(60_000);
    const database: FreshDatabase = await createPostgresDatabase();
    const server = new ProductionServer(BASE_PORT + 22, { DATABASE_URL: database.url, SEED_ON_START: 'true' });
    const client = new pg.Client({ connectionString: database.url });
    try {
      await server.start();
      await client.connect();
      await expectChangeWithinASecond(server, async (id) => {
        await client.query('update animal set price = $1, count_in_stock = 0 where id = $2', [NEW_PRICE, id]);
      });
    } finally {
      await client.end().catch(() => undefined);
      await server.stop();
      await database.drop();
    }
  });
});
