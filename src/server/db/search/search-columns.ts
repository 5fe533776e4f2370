/**
 * The columns the application computes from an animal for search and sorting. Every write of an animal
 * goes through this one function: the seed (../seed/seed.ts, ../seed/synthetic.ts), the owner's writes
 * (../catalogue/catalogue-writes.ts) and the spreadsheet import (src/server/spreadsheet). Extend it here, and every
 * writer follows. The catalogue's word list (`search_word`) is written beside them by insertSearchWords
 * (./animal-words.ts). A write made directly in SQL updates none of them (docs/search.md).
 */
import { searchText, sortKey } from '../../../lib/search/index.ts';
import { animalSearchRows } from './animal-words.ts';
import type { AnimalTable } from '../tables.ts';

/** What the computed columns are made of. */
interface SearchSource {
  name: string;
  description: string;
}

export type SearchColumns = Pick<AnimalTable, 'name_key' | 'search_text'> & {
  search_words: string;
  name_words: string;
};

export function searchColumnsFor(animal: SearchSource): SearchColumns {
  return {
    name_key: sortKey(animal.name),
    search_text: searchText(animal.name, animal.description),
    ...animalSearchRows(animal).columns,
  };
}
