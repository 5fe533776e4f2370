/**
 * The catalogue side of word-form search (src/lib/search-words.ts): one `animal_word` row per distinct
 * word of an animal's name and description, with its base form. The databases cannot run the rules,
 * so the application computes these rows whenever it writes an animal — `replaceCatalogue`,
 * `seedIfEmpty` (./seed.ts), the synthetic catalogue, and any future import or admin screen through
 * `animalSearchRows`. A write made directly in SQL does not update them (docs/search.md): the
 * animal is then still found by the literal rule, but not by word forms.
 */
import { sql, type Insertable, type Kysely } from 'kysely';
import { catalogueWords } from '../../lib/search-words.ts';
import type { DialectName } from './database.ts';
import type { AnimalWordTable, ShopDatabase } from './tables.ts';

/** The animal_word rows of one animal. */
export function animalSearchRows(animal: {
  id: string;
  name: string;
  description: string;
}): Insertable<AnimalWordTable>[] {
  return catalogueWords(animal.name, animal.description).map(({ word, base, inName }) => ({
    animal_id: animal.id,
    word,
    base,
    in_name: inName ? 1 : 0,
  }));
}

/** Rows per insert: 4 values each, well under both databases' limits on parameters. */
const BATCH = 1000;

/** Writes the word rows of these animals (their old rows, if any, must be gone already). */
export async function insertAnimalWords(
  db: ShopDatabase,
  animals: readonly { id: string; name: string; description: string }[],
): Promise<void> {
  let pending: Insertable<AnimalWordTable>[] = [];
  const flush = async () => {
    if (pending.length > 0) await db.insertInto('animal_word').values(pending).onConflict((c) => c.doNothing()).execute();
    pending = [];
  };
  for (const animal of animals) {
    pending.push(...animalSearchRows(animal));
    if (pending.length >= BATCH) await flush();
  }
  await flush();
}

/**
 * Migration 0008: the `animal_word` table, its indexes (a word, a base form, each with the animal; the
 * key finds an animal's rows when it is deleted), and its rows for the animals already stored.
 */
export async function animalWords(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const binary = dialect === 'postgres' ? sql`collate "C"` : sql`collate binary`;
  await sql`
    create table animal_word (
      animal_id text not null references animal (id) on delete cascade,
      word text ${binary} not null,
      base text ${binary} not null,
      in_name integer not null,
      primary key (animal_id, word)
    )`.execute(db);
  await sql`create index animal_word_word_idx on animal_word (word, animal_id)`.execute(db);
  await sql`create index animal_word_base_idx on animal_word (base, animal_id)`.execute(db);
  const { rows } = await sql<{ id: string; name: string; description: string }>`
    select id, name, description from animal`.execute(db);
  await insertAnimalWords(db as unknown as ShopDatabase, rows);
}
