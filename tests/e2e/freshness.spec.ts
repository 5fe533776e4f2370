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
import { test } from '@playwright/test';
import pg from 'pg';
import { createPostgresDatabase, inCI, postgresUnavailable, type FreshDatabase } from '../helpers/postgres.ts';
import { expectChangeWithinASecond } from '../helpers/freshness.ts';
import { ProductionServer } from '../helpers/production-server.ts';

const BASE_PORT = Number(process.env.E2E_PORT ?? 4400);
test('SQLite: a change written by another process shows within a second', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'shop-freshness-'));
  const path = join(folder, 'shop.db');
  const server = new ProductionServer(BASE_PORT + 21, { DATABASE_PATH: path, SEED_ON_START: 'true' });
  await server.start();
  const other = new Database(path);
  try {
    await expectChangeWithinASecond([server], async (id, price) => {
      other.prepare('update animal set price = ?, count_in_stock = 0 where id = ?').run(price, id);
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
    const database: FreshDatabase = await createPostgresDatabase();
    const server = new ProductionServer(BASE_PORT + 22, { DATABASE_URL: database.url, SEED_ON_START: 'true' });
    const client = new pg.Client({ connectionString: database.url });
    try {
      await server.start();
      await client.connect();
      await expectChangeWithinASecond([server], async (id, price) => {
        await client.query('update animal set price = $1, count_in_stock = 0 where id = $2', [price, id]);
      });
    } finally {
      await client.end().catch(() => undefined);
      await server.stop();
      await database.drop();
    }
  });
});
