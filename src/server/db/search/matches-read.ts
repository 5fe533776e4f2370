/**
 * A text's matches read into the process (./search-sql.ts Match.parts), then filtered, counted and
 * sorted there with the rules of src/lib/search-filters.ts and src/lib/search-rules.ts, and only a
 * page's animals read. Used by ./animal-search.ts for texts expected to match few enough animals.
 * docs/decisions/search-index.md.
 */
import { sql } from 'kysely';
import type { AnimalSearchQuery, AnimalSearchResult } from '../../../lib/schemas.ts';
import { passesFilters, type FilterKeys, type SearchFilters } from '../../../lib/search-filters.ts';
import { compareBySort, firstInOrder } from '../../../lib/search-rules.ts';
import { animalsInOrder } from '../catalogue/animal-rows.ts';
import { holding } from './literal-sql.ts';
import type { Match } from './search-sql.ts';
import type { ShopDatabase } from '../tables.ts';

/**
 * A text's matches are read into the process (then filtered, counted and sorted there, with the rules
 * of src/lib/search-filters.ts and src/lib/search-rules.ts) when their rows are at most this many; a
 * broader text is counted and sorted in SQL. Reading is one pass over the rows; the SQL runs two (the
 * facets, then the page) and sorts in a temporary b-tree: measured on 100,000 animals, SQLite took 3–8
 * times as long for 500–7,000 matches. PostgreSQL sends each row over the connection, which costs
 * about as much as its two passes at 6,600 rows: it reads fewer (docs/performance/search-and-lists.md).
 */
export const MATCHES_READ_AT_ONCE = { sqlite: 20_000, postgres: 2_000 } as const;

/**
 * Once reading began (the words' counts expected at most matchesReadAtOnce matches, or nothing could
 * tell: the trigram index's candidates), it goes on up to this many times as many rows: the words are
 * not independent (a trait of some creatures), and giving up wastes the rows read, then runs the matches
 * twice in SQL (measured on PostgreSQL: 32 ms to read 2,001 of 2,033 matches, then 58 ms in SQL; SQLite,
 * a literal across words that the trigram index finds in 26,000 animals: 520 ms, three runs of it).
 */
const READ_PAST_ESTIMATE = 4;

/** A row of Match.rows, read (src/server/db/search/search-sql.ts MATCH_COLUMNS). */
interface MatchRow {
  id: string;
  name_key: string;
  price: number | string;
  category_id: string;
  rating: number | string;
  count_in_stock: number | string;
}

/** A text's match as the filter and sort rules read it. */
export type ReadMatch = FilterKeys & { id: string; name_key: string };

/**
 * A text's matches read into the process, each animal once (Match.parts, one by one); undefined when
 * they are expected to be more than matchesReadAtOnce rows, or turn out to be more than READ_PAST_ESTIMATE
 * times that (then SQL counts and sorts them).
 */
export async function readMatches(
  db: ShopDatabase,
  match: Match,
  matchesReadAtOnce: number,
  catalogueSize: () => Promise<number>,
): Promise<ReadMatch[] | undefined> {
  if (!match.parts || match.none || matchesReadAtOnce <= 0) return undefined;
  if (match.wordRows && Number.isFinite(matchesReadAtOnce)) {
    // The words' matches expected if the words were independent (and never more than the rarest has).
    const catalogue = Math.max(1, await catalogueSize());
    const expected = match.wordRows.reduce((product, rows) => (product * rows) / catalogue, catalogue);
    if (Math.min(expected, ...match.wordRows) > matchesReadAtOnce) return undefined;
  }
  const most = matchesReadAtOnce * READ_PAST_ESTIMATE;
  const found = new Map<string, ReadMatch>();
  const add = (row: MatchRow) =>
    found.set(row.id, {
      id: row.id,
      name_key: row.name_key,
      price: Number(row.price),
      category: row.category_id,
      rating: Number(row.rating),
      countInStock: Number(row.count_in_stock),
    });
  let read = 0;
  for (const part of match.parts) {
    const limited = Number.isFinite(most) ? sql` limit ${most - read + 1}` : sql``;
    const { rows } = await sql<MatchRow>`${part.rows}${limited}`.execute(db);
    read += rows.length;
    if (read > most) return undefined;
    const fresh = new Map(rows.filter((row) => !found.has(row.id)).map((row) => [row.id, row]));
    if (part.holding === undefined) {
      for (const row of fresh.values()) add(row);
      continue;
    }
    // Candidates of the literal rule not found already: kept if their text holds the literal.
    const ids = [...fresh.keys()];
    for (let start = 0; start < ids.length; start += 500) {
      const checked = await holding(ids.slice(start, start + 500), part.holding).execute(db);
      for (const { id } of checked.rows) add(fresh.get(id)!);
    }
  }
  return [...found.values()];
}

/** A page of a text's matches read into the process: filtered, sorted, then just its animals read. */
export async function pageOfRead(
  db: ShopDatabase,
  matches: readonly ReadMatch[],
  filters: SearchFilters,
  sort: AnimalSearchQuery['sort'],
  limit: number | undefined,
  offset: number,
): Promise<AnimalSearchResult['animals']> {
  const passing = matches.filter((row) => passesFilters(row, filters));
  const end = limit === undefined ? passing.length : offset + limit;
  const ids = firstInOrder(passing, compareBySort(sort), end)
    .slice(offset)
    .map((row) => row.id);
  return animalsInOrder(db, ids);
}
