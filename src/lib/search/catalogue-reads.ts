/**
 * What the shop's lists and suggestions read of a catalogue (./catalogue-search.ts listCatalogue,
 * ./catalogue-suggest.ts suggestCatalogue): the catalogue index in memory (./catalogue-index.ts) on a
 * server, or the index pieces the static build's browser fetched (./pieces/pieced-catalogue.ts). The
 * rules that use them are written once, over these.
 */
import type { AnimalSort } from '../catalogue-rules.ts';
import type { NamedAnimal, ReadMatch } from './catalogue-index-rows.ts';
import type { Vocabulary } from './search-corrections.ts';
import type { SearchPlan } from './search-words.ts';

/** What a search's list reads. */
export interface ListedCatalogue {
  /** The shown animals the text matches (every one for the empty text); `none`: no stored text can hold it. */
  matches(search: string): { text: string; none: boolean; matches: readonly ReadMatch[] };
  /** The shown animals' words with a letter (spelling corrections). */
  vocabulary(): Vocabulary;
  /** Every shown animal in the sort's order. */
  inOrder(sort: AnimalSort): readonly ReadMatch[];
}

/** What suggestions read. */
export interface SuggestedCatalogue {
  plan(search: string): SearchPlan;
  /** The first `limit` animals in name order whose name's sort key starts with `key`. */
  namesStarting(key: string, limit: number): NamedAnimal[];
  /** The first `limit` animals in name order with a word of their name for every word of `plan`. */
  namesWith(plan: SearchPlan, limit: number): NamedAnimal[];
  vocabulary(): Vocabulary;
}
