/**
 * Throwaway PostgreSQL databases for tests (Vitest and Playwright alike; no test-runner imports here).
 * TEST_DATABASE_URL names a server and a user allowed to create databases, e.g. the one
 * `scripts/test-postgres.sh start` prints; every suite gets a fresh database of its own there.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the tests may use, if one is configured. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL?.trim() || undefined;
}

/** Is this a CI run? There, the PostgreSQL tests must run: a missing server is a failure, not a skip. */
export function inCI(): boolean {
  const ci = process.env.CI?.trim().toLowerCase();
  return Boolean(ci) && ci !== 'false' && ci !== '0';
}

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (testDatabaseUrl()) return undefined;
  return 'TEST_DATABASE_URL is not set; start a throwaway server with `export TEST_DATABASE_URL=$(scripts/test-postgres.sh start)`';
}

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

/** A new, empty database on the TEST_DATABASE_URL server. */
export async function createPostgresDatabase(adminUrl = testDatabaseUrl()): Promise<FreshDatabase> {
  if (!adminUrl) throw new Error(postgresUnavailable());
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
