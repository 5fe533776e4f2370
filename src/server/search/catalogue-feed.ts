/** The catalogue's change feed (migration 0015): what changed since the version an index holds, the rows written, pruning. */
import { sql } from 'kysely';
import { animalKeys } from '../../lib/search/index.ts';
import { NOW_MS } from '../db/migrations/catalogue-change-schema.ts';
import type { WrittenAnimal } from '../../lib/search/index.ts';
import type { IndexedAnimal } from '../../lib/search/index.ts';
import { seqOfVersion, versionOf } from './catalogue-version.ts';
import { dialectOf } from '../db/database.ts';
import type { ShopDatabase } from '../db/tables.ts';

/** More changes than this at once: the index is read whole (reading many more rows costs about as much as all). */
export const FEED_MOST = 20_000;

/** How long a change stays in the feed; a server further behind reads the catalogue whole. */
export const FEED_KEPT_MS = 10 * 60_000;

/** What the feed says since a version. */
type FeedRead =
  | { kind: 'changes'; version: string; animals: string[] }
  /** It cannot say: a change pruned (`gap`), a table truncated (`all`), too many (`many`), another database (`replaced`). */
  | { kind: 'whole'; version: string; why: 'gap' | 'all' | 'many' | 'replaced' };

/** The changes after `held` up to the version now, in one statement: every change numbered up to the version read has committed. */
export async function readFeed(db: ShopDatabase, held: string): Promise<FeedRead> {
  const from = seqOfVersion(held);
  const { rows } = await sql<{
    current: number | string;
    version: string;
    seq: number | string | null;
    kind: string | null;
    id: string | null;
  }>`
    select v.seq as current, v.version, c.seq, c.kind, c.id
    from catalogue_version as v
    left join catalogue_change as c on c.seq > ${from} and c.seq <= v.seq
    where v.id = 1
    order by c.seq
    limit ${FEED_MOST + 1}`.execute(db);
  const first = rows[0];
  if (!first) throw new Error('catalogue_version has no row: the database was not migrated (migration 0004)');
  const current = Number(first.current);
  const version = versionOf(current, first.version);
  if (current < from || (current === from && version !== held)) return { kind: 'whole', version, why: 'replaced' };
  if (current === from) return { kind: 'changes', version, animals: [] };
  if (rows.length > FEED_MOST) return { kind: 'whole', version, why: 'many' };
  // Every number from `from` + 1 to `current` has its rows, unless some were pruned.
  const numbers = new Set(rows.map((row) => Number(row.seq)));
  if (rows[0]!.seq === null || numbers.size !== current - from || Number(rows[0]!.seq) !== from + 1) {
    return { kind: 'whole', version, why: 'gap' };
  }
  if (rows.some((row) => row.kind === 'all')) return { kind: 'whole', version, why: 'all' };
  // A category's own change moves the version only: its animals' changes are in the feed themselves.
  const animals = new Set(rows.filter((row) => row.kind === 'animal').map((row) => row.id!));
  return { kind: 'changes', version, animals: [...animals] };
}

/** Rows per statement when the animals written are read (a parameter each, well under both databases' limits). */
const READ_AT_ONCE = 2_000;

/** An animal's columns for the index, computed from its name and description as the application writes them. */
export function indexedFrom(
  row: Omit<IndexedAnimal, 'search_words' | 'name_words' | 'search_text' | 'name_key'> & {
    description: string;
  },
): IndexedAnimal {
  const { description: _description, ...columns } = row;
  return { ...columns, ...animalKeys(row.name, row.description) };
}

/** The animals of `ids` as they are now, shown or hidden, with their text (the index computes their words when it changed). */
export async function readWritten(db: ShopDatabase, ids: readonly string[]): Promise<WrittenAnimal[]> {
  const written: WrittenAnimal[] = [];
  for (let start = 0; start < ids.length; start += READ_AT_ONCE) {
    const rows = await db
      .selectFrom('animal')
      .select([
        'id',
        'name',
        'description',
        'price',
        'category_id',
        'rating',
        'count_in_stock',
        sql<number | boolean>`hidden`.as('hidden'),
      ])
      .where('id', 'in', ids.slice(start, start + READ_AT_ONCE))
      .execute();
    for (const row of rows) written.push({ ...row, hidden: Boolean(row.hidden) });
  }
  return written;
}

/** Deletes the changes older than `keptMs` by the database's clock. */
export async function pruneFeed(db: ShopDatabase, keptMs = FEED_KEPT_MS): Promise<void> {
  await db
    .deleteFrom('catalogue_change')
    .where('at', '<', sql<number>`${NOW_MS[dialectOf(db)]} - ${keptMs}`)
    .execute();
}
