/**
 * Runs a Vitest suite once per database kind. Without TEST_DATABASE_URL the PostgreSQL run is
 * skipped with the reason printed, except in CI (CI=true), where it fails: CI must prove parity.
 */
import { describe, it } from 'vitest';
import { inCI, postgresUnavailable } from './postgres.ts';
import { DATABASE_KINDS, type DatabaseKind } from './shop.ts';

const warned = new Set<string>();

/** `describe(title [kind], body)` for SQLite and PostgreSQL. */
export function describeEachDatabase(title: string, body: (database: DatabaseKind) => void): void {
  for (const database of DATABASE_KINDS) describeOnDatabase(database, `${title} [${database}]`, () => body(database));
}

/** `describe` that needs the given database; PostgreSQL without a server: skip locally, fail in CI. */
export function describeOnDatabase(database: DatabaseKind, title: string, body: () => void): void {
  const missing = database === 'postgres' ? postgresUnavailable() : undefined;
  if (!missing) {
    describe(title, body);
  } else if (inCI()) {
    describe(title, () => {
      it('has a PostgreSQL server to run on', () => {
        throw new Error(`CI must run the PostgreSQL tests, but ${missing}`);
      });
    });
  } else {
    if (!warned.has(title)) console.warn(`[skipped] ${title}: ${missing}`);
    warned.add(title);
    describe.skip(title, body);
  }
}
