/**
 * Throwaway PostgreSQL databases for tests (Vitest and Playwright alike; no test-runner imports here).
 * TEST_DATABASE_URL names a server and a user allowed to create databases, e.g. the one
 * `scripts/test-postgres.sh start` prints; every suite gets a fresh database of its own there.
 */
import { createDatabaseOn, type FreshDatabase } from '../../scripts/postgres-database.ts';

export type { FreshDatabase };

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

/** A new, empty database on the TEST_DATABASE_URL server. */
export async function createPostgresDatabase(adminUrl = testDatabaseUrl()): Promise<FreshDatabase> {
  if (!adminUrl) throw new Error(postgresUnavailable());
  return createDatabaseOn(adminUrl);
}
