/**
 * Many animals changed at once (the spreadsheet import): one `update … from` per slice of rows, each row guarded by its
 * version; words computed only where the text changed. Slug changes and inserts stay with writeAnimalRow.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AdminAnimalInput } from '../../../lib/schemas.ts';
import { dialectOf, type DialectName } from '../database.ts';
import { insertSearchWords } from '../search/animal-words.ts';
import { searchColumnsFor, type SearchColumns } from '../search/animal-words.ts';
import type { ShopTables } from '../tables.ts';
import type { AuditEntry } from './audit.ts';
import { animalColumns, readStoredAnimal, snapshot, staleError, type StoredAnimal } from './catalogue-writes.ts';
import { writeMessages } from './catalogue-messages.ts';
import { CatalogueWriteError } from './write-rules.ts';

export interface AnimalUpdate {
  current: StoredAnimal;
  next: AdminAnimalInput;
  categoryId: string;
  /** The version the writer saw, or null to overwrite whatever is stored (the import's --force). */
  expectedVersion: number | null;
}

type UpdateOutcome =
  { written: StoredAnimal; audit: AuditEntry } | { refused: CatalogueWriteError; current: StoredAnimal | undefined };

/** Rows per statement: one parameter per column on PostgreSQL, one JSON text on SQLite. */
const ROWS_AT_ONCE = 2000;

/** The columns set from each row, in order; the search columns only for rows whose text changed. */
const PLAIN = ['name', 'description', 'price', 'count_in_stock', 'rating', 'num_reviews', 'category_id', 'hidden'];
const SEARCH: readonly (keyof SearchColumns)[] = ['name_key', 'search_text', 'search_words', 'name_words'];
const POSTGRES_TYPES: Record<string, string> = {
  price: 'float8',
  rating: 'float8',
  count_in_stock: 'int4',
  num_reviews: 'int4',
  hidden: 'bool',
  expected: 'int4',
};

type Row = Record<string, string | number | boolean | null>;

function rowOf(update: AnimalUpdate, search: SearchColumns | undefined, dialect: DialectName): Row {
  const { next } = update;
  return {
    id: update.current._id,
    expected: update.expectedVersion,
    ...animalColumns(next, update.categoryId),
    // Read back through JSON on SQLite (a number) and unnest on PostgreSQL (a boolean).
    hidden: dialect === 'postgres' ? next.hidden : next.hidden ? 1 : 0,
    ...search,
  };
}

/** The rows as a table `v`: PostgreSQL unnests one typed array per column, SQLite reads one JSON array (it binds no arrays). */
function rowsTable(dialect: DialectName, columns: readonly string[], rows: readonly Row[]): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    const arrays = columns.map(
      (column) => sql`${rows.map((row) => row[column] ?? null)}::${sql.raw(POSTGRES_TYPES[column] ?? 'text')}[]`,
    );
    return sql`unnest(${sql.join(arrays)}) as v(${sql.join(columns.map((column) => sql.id(column)))})`;
  }
  const fields = columns.map((column) => sql`value ->> ${`$.${column}`} as ${sql.id(column)}`);
  return sql`(select ${sql.join(fields)} from json_each(${JSON.stringify(rows)})) as v`;
}

async function updateSlice(
  trx: Kysely<ShopTables>,
  dialect: DialectName,
  rows: readonly Row[],
  withSearch: boolean,
): Promise<Map<string, number>> {
  const set = withSearch ? [...PLAIN, ...SEARCH] : PLAIN;
  const assignments = set.map((column) => sql`${sql.id(column)} = v.${sql.id(column)}`);
  const result = await sql<{ id: string; version: number | string }>`
    update animal set ${sql.join(assignments)}, version = animal.version + 1
    from ${rowsTable(dialect, ['id', 'expected', ...set], rows)}
    where animal.id = v.id and (v.expected is null or animal.version = v.expected)
    returning animal.id, animal.version`.execute(trx);
  return new Map(result.rows.map((row) => [row.id, Number(row.version)]));
}

/** Writes every update in the caller's transaction; per update, the animal as stored with its audit entry, or why it was refused. */
export async function updateAnimalRows(
  trx: Kysely<ShopTables>,
  updates: readonly AnimalUpdate[],
): Promise<UpdateOutcome[]> {
  const dialect = dialectOf(trx);
  const rows = updates.map((update) => {
    const { current, next } = update;
    if (next.slug !== current.slug)
      throw new Error('updateAnimalRows keeps slugs: write a new slug with writeAnimalRow');
    const textChanged = next.name !== current.name || next.description !== current.description;
    return rowOf(update, textChanged ? searchColumnsFor(next) : undefined, dialect);
  });
  const versions = new Map<string, number>();
  for (const withSearch of [false, true]) {
    const some = rows.filter((row) => (row.search_text !== undefined) === withSearch);
    for (let start = 0; start < some.length; start += ROWS_AT_ONCE) {
      for (const [id, version] of await updateSlice(trx, dialect, some.slice(start, start + ROWS_AT_ONCE), withSearch))
        versions.set(id, version);
    }
  }
  await insertSearchWords(
    trx,
    updates.filter((_, index) => rows[index]!.search_text !== undefined).map((update) => update.next),
  );
  const outcomes: UpdateOutcome[] = [];
  for (const { current, next, categoryId } of updates) {
    const version = versions.get(current._id);
    if (version !== undefined) {
      const animal: StoredAnimal = { ...current, ...next, version, categoryId };
      const audit: AuditEntry = {
        action: 'animal.update',
        entity: 'animal',
        entityId: current._id,
        before: snapshot(current),
        after: snapshot(animal),
      };
      outcomes.push({ written: animal, audit });
      continue;
    }
    const now = await readStoredAnimal(trx, current._id);
    outcomes.push({
      refused: now ? staleError(now) : new CatalogueWriteError('not-found', writeMessages.animalNotFound),
      current: now,
    });
  }
  return outcomes;
}
