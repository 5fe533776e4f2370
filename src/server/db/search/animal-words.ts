/**
 * The stored side of word-form search, computed whenever the application writes an animal: `search_words`, `name_words`
 * and the catalogue's words with their base forms (`search_word`). A write in SQL updates none: the index computes them.
 */
import type { Insertable } from 'kysely';
import { catalogueWords, searchText, sortKey, storedWords } from '../../../lib/search/index.ts';
import type { AnimalTable, SearchWordTable, ShopDatabase } from '../tables.ts';

interface AnimalSearchRows {
  /** The animal's own search columns. */
  columns: { search_words: string; name_words: string };
  /** Its words (those with a letter) for the catalogue's word list. */
  words: Insertable<SearchWordTable>[];
}

export type SearchColumns = Pick<AnimalTable, 'name_key' | 'search_text'> & {
  search_words: string;
  name_words: string;
};

/** The columns every write of an animal computes for search and sorting (the seed, the owner's writes, the import). */
export function searchColumnsFor(animal: { name: string; description: string }): SearchColumns {
  return {
    name_key: sortKey(animal.name),
    search_text: searchText(animal.name, animal.description),
    ...animalSearchRows(animal).columns,
  };
}

export function animalSearchRows(animal: { name: string; description: string }): AnimalSearchRows {
  const stored = storedWords(animal.name, animal.description);
  return {
    columns: { search_words: stored.all, name_words: stored.name },
    words: catalogueWords(animal.name, animal.description)
      .filter(({ word }) => /\p{L}/u.test(word))
      .map(({ word, base }) => ({ word, base })),
  };
}

/** Words per insert: 2 values each, well under both databases' limits on parameters. */
const BATCH = 1000;

/** Adds these animals' words to the catalogue's word list (words already there stay). */
export async function insertSearchWords(
  db: ShopDatabase,
  animals: readonly { name: string; description: string }[],
): Promise<void> {
  const words = new Map<string, Insertable<SearchWordTable>>();
  for (const animal of animals) for (const row of animalSearchRows(animal).words) words.set(row.word, row);
  const rows = [...words.values()];
  for (let start = 0; start < rows.length; start += BATCH) {
    await db
      .insertInto('search_word')
      .values(rows.slice(start, start + BATCH))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
