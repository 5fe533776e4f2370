/**
 * Throwaway PostgreSQL databases, for the bench (scripts/bench/databases.ts) and the tests
 * (tests/helpers/postgres.ts imports it from here: scripts never import tests).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  /** postgres://… of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database (closing whatever connections are still open to it). */
  drop: () => Promise<void>;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server `adminUrl` names (its user may create databases). */
export async function createDatabaseOn(adminUrl: string): Promise<FreshDatabase> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name} template template0 encoding 'UTF8'`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
        () => undefined,
      ),
  };
}
