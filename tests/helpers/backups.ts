/**
 * What the backup tests share: writers that keep the shop busy (contact messages through the API, the
 * owner's price edits through the admin API) and note what was acknowledged and when; a backup restored
 * into a fresh database of its kind (as `npm run restore` restores it), opened as the server opens it.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/server/config.ts';
import { restorePostgres } from '../../src/server/db/backup/postgres-restore.ts';
import { restoreSqlite } from '../../src/server/db/backup/restore.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';
import { adminCall, CLERK_TEST_ENV, sessionOf } from './admin-session.ts';
import { apiClient, type ApiClient } from './front-server.ts';
import { createPostgresDatabase, testDatabaseUrl } from './postgres.ts';
import type { DatabaseKind, TestShop } from './shop.ts';

export { CLERK_TEST_ENV };

const ADMIN = sessionOf('admin');

interface Acknowledged {
  /** performance.now() when the answer arrived. */
  at: number;
}

interface Writers {
  messages: (Acknowledged & { key: string })[];
  edits: (Acknowledged & { version: number; price: number })[];
  /** Stops writing; resolves once the writes under way are answered. */
  stop(): Promise<void>;
}

/** Two writers of contact messages and one of the owner's edits to `animalId`, until stopped. */
export function startWriters(shop: TestShop, animalId: string): Writers {
  const messages: Writers['messages'] = [];
  const edits: Writers['edits'] = [];
  let writing = true;
  // Each request arrives as its own event (as from a socket): SQLite's answers come back as promises
  // already settled, and a loop of them alone would never let a timer or the backup's worker through.
  const arrival = () => new Promise((resolve) => setImmediate(resolve));
  const send = async (writer: number) => {
    for (let count = 0; writing; count++) {
      await arrival();
      const key = `backup-${writer}-${count}-${randomUUID()}`;
      const answer = await shop.request('/contact', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ subject: `נושא ${count}`, message: `הודעה מספר ${count} של כותב ${writer}` }),
      });
      if (answer.status === 201) messages.push({ key, at: performance.now() });
      else throw new Error(`a contact message answered ${answer.status}`);
    }
  };
  const edit = async () => {
    for (let count = 1; writing; count++) {
      await arrival();
      const current = (await (await adminCall(shop, `/animals/${animalId}`, { session: ADMIN })).json()) as {
        version: number;
      };
      const price = 1000 + count;
      const answer = await adminCall(shop, `/animals/${animalId}`, {
        method: 'PATCH',
        session: ADMIN,
        body: { price },
        ifMatch: `"v${current.version}"`,
      });
      if (answer.status !== 200) throw new Error(`an admin edit answered ${answer.status}`);
      const saved = (await answer.json()) as { version: number };
      edits.push({ version: saved.version, price, at: performance.now() });
    }
  };
  const running = Promise.all([send(1), send(2), edit()]);
  return {
    messages,
    edits,
    stop: async () => {
      writing = false;
      await running;
    },
  };
}

interface RestoredShop {
  shop: Shop;
  /** The restored shop's API (a path under /api), through the production server. */
  request: ApiClient['request'];
  /** Every contact message's idempotency key in the restored database, repeats kept. */
  keys(): Promise<string[]>;
  dispose(): Promise<void>;
}

/** `file` restored into a new database of `kind`, and the shop opened on it (migrated forward if older). */
export async function restoreIntoFresh(
  kind: DatabaseKind,
  file: string,
  env: Record<string, string> = {},
): Promise<RestoredShop> {
  let location: Record<string, string>;
  let remove: () => Promise<void>;
  if (kind === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'shop-restored-'));
    location = { DATABASE_URL: '', DATABASE_PATH: join(folder, 'shop.db') };
    await restoreSqlite(file, location.DATABASE_PATH!);
    remove = async () => rmSync(folder, { recursive: true, force: true });
  } else {
    const fresh = await createPostgresDatabase();
    await restorePostgres(file, fresh.url);
    location = { DATABASE_URL: fresh.url };
    remove = async () => {
      // The empty database the restore replaced is kept beside it, as for an operator.
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      const name = new URL(fresh.url).pathname.slice(1);
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `${name}_before_restore_%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database "${datname}"`);
      await admin.end();
      await fresh.drop();
    };
  }
  const settings = { CACHE_ENTRIES: '0', SEED_ON_START: 'false', ...env, ...location };
  const shop = await openShop(loadConfig(settings), { ...process.env, ...settings });
  const client = apiClient(shop);
  return {
    shop,
    request: client.request,
    keys: async () =>
      (await shop.database.db.selectFrom('contact_message').select('idempotency_key').execute()).map(
        (row) => row.idempotency_key ?? '',
      ),
    dispose: async () => {
      await client.close();
      await shop.close();
      await remove();
    },
  };
}
