/**
 * The stored side of word-form search (src/lib/search/search-words.ts): the application computes, whenever it
 * writes an animal, what the catalogue index reads when it reads the catalogue whole:
 * - its columns `search_words` and `name_words` (its distinct words between spaces), and
 * - the catalogue's words with their base forms (`search_word`), where a query word's forms are found.
 * `animalSearchRows` is the one function that computes them: `animalRow` and the writers of ../seed/seed.ts
 * (seed, synthetic catalogue) call it, and so must any future import or admin screen. A write made
 * directly in SQL does not update them: the index computes them from its text (docs/search.md).
 */
import type { Insertable } from 'kysely';
import { catalogueWords, storedWords } from '../../../lib/search/index.ts';
import type { SearchWordTable, ShopDatabase } from '../tables.ts';

interface AnimalSearchRows {
  /** The animal's own search columns. */
  columns: { search_words: string; name_words: string };
  /** Its words (those with a letter) for the catalogue's word list. */
  words: Insertable<SearchWordTable>[];
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
