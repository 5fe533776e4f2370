/** The catalogue's version: a token every change replaces, in the database; one reader per process, re-read at most every interval. */
import { sql, type Kysely } from 'kysely';

/** How old the version a server acts on may be: a change shows everywhere within this (plus one render). */
export const CATALOGUE_VERSION_INTERVAL_MS = 250;

/** Reads the catalogue's version. */
export type CatalogueVersion = () => Promise<string>;

/** What a reader holds: the version last read, when, and when a reading last failed (performance.now()). */
export interface HeldVersion<Version> {
  version: Version;
  readAt: number;
  /** The last reading failed after the last one that succeeded: the database did not answer. */
  failedAt: number | undefined;
  /** When this server last saw the version change (its first reading included), as Date.now(). */
  changedAt: number;
}

/** A reader that can also be told the catalogue just changed (a write this process committed). */
export type CatalogueVersionReader<Version = string> = (() => Promise<Version>) & {
  /** The next reading goes to the database: this process sees its own writes at once. */
  forget(): void;
  /** The version held and when it was read (the readiness probe and the metrics report it); undefined before the first. */
  held(): HeldVersion<Version> | undefined;
};

/** The version: its change number, ':' and its token (the number orders versions; the token tells a replaced database). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table outside the catalogue's types
export async function readCatalogueVersion(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{
    seq: number | string;
    version: string;
  }>`select seq, version from catalogue_version where id = 1`.execute(db);
  const row = rows[0];
  return row ? versionOf(row.seq, row.version) : '';
}

/** A version as readCatalogueVersion writes it. */
export const versionOf = (seq: number | string, token: string): string => `${seq}:${token}`;

/** The change number of a version readCatalogueVersion read (-1 for any other string). */
export function seqOfVersion(version: string): number {
  const colon = version.indexOf(':');
  return colon > 0 ? Number(version.slice(0, colon)) : -1;
}

/**
 * The version as last read, re-read when that reading started more than `intervalMs` ago (callers share one query).
 * A failed reading keeps the version last read, asking again after `intervalMs`: cache hits still answer.
 */
export function catalogueVersionReader<Version>(
  read: () => Promise<Version>,
  intervalMs = CATALOGUE_VERSION_INTERVAL_MS,
): CatalogueVersionReader<Version> {
  let current: Version | undefined;
  let readAt = -Infinity;
  let failedAt: number | undefined;
  let changedAt = 0;
  let forgotten = false;
  let pending: Promise<Version> | undefined;
  const reader = () => {
    const now = performance.now();
    const lastTry = Math.max(readAt, failedAt ?? -Infinity);
    if (current !== undefined && !forgotten && now - lastTry < intervalMs) return Promise.resolve(current);
    if (!pending) {
      const started = now;
      forgotten = false;
      pending = read().then(
        (version) => {
          if (version !== current) changedAt = Date.now();
          current = version;
          readAt = started;
          failedAt = undefined;
          pending = undefined;
          return version;
        },
        (error: unknown) => {
          failedAt = started;
          pending = undefined;
          if (current !== undefined) return current;
          throw error;
        },
      );
    }
    return pending;
  };
  return Object.assign(reader, {
    forget() {
      forgotten = true;
      failedAt = undefined;
      // A reading already under way may have started before the write committed.
      pending = undefined;
    },
    held: () => (current === undefined ? undefined : { version: current, readAt, failedAt, changedAt }),
  });
}
