/**
 * Building the catalogue index (./catalogue-index.ts) one animal at a time, as the server reads them in
 * name order, keeping only what the index holds.
 */
import { CatalogueIndex } from './catalogue-index.ts';
import { readMatchOf, type ReadMatch } from './catalogue-index-rows.ts';
import type { FormRow } from './catalogue-words.ts';
import { CatalogueWordsBuilder } from './catalogue-words-builder.ts';
import { PackedTexts } from './packed-texts.ts';

/** One shown animal as the index reads it from `animal`. */
export interface IndexedAnimal {
  id: string;
  name: string;
  name_key: string;
  price: number | string;
  category_id: string;
  rating: number | string;
  count_in_stock: number | string;
  /** Its stored words, each once, between spaces (./search-words.ts storedWords). */
  search_words: string;
  /** Its name's stored words, the same way (what suggestions match). */
  name_words: string;
  /** Its folded name and description (src/lib/search/hebrew.ts searchText): what the literal rule reads. */
  search_text: string;
  /** Its words with a letter and their base forms, when written since the index was read (as `search_word` has them). */
  forms?: readonly FormRow[];
}

export class CatalogueIndexBuilder {
  readonly #animals: ReadMatch[] = [];
  readonly #texts = new PackedTexts();
  readonly #names = new PackedTexts();
  readonly #words = new CatalogueWordsBuilder();
  readonly #categories = new Map<string, string>();
  /** The base forms of words computed here (an animal written in SQL without them). */
  readonly #forms: FormRow[] = [];
  #unworded = false;

  add(row: IndexedAnimal): void {
    // One string per category, not one per row.
    let category = this.#categories.get(row.category_id);
    if (category === undefined) this.#categories.set(row.category_id, (category = row.category_id));
    this.#animals.push(readMatchOf(row, category));
    this.#texts.push(row.search_text);
    this.#names.push(row.name);
    if (!this.#words.add(row.search_words, row.name_words)) this.#unworded = true;
    if (row.forms) this.#forms.push(...row.forms);
  }

  /** The index of catalogue `version`, with `forms` (`search_word`); `pause` between steps lets the server answer requests. */
  async build(version: string, forms: readonly FormRow[], pause: () => Promise<void>): Promise<CatalogueIndex> {
    const words = await this.#words.build(this.#forms.length > 0 ? [...forms, ...this.#forms] : forms, pause);
    return new CatalogueIndex(version, this.#animals, this.#texts, this.#names, words, this.#unworded);
  }

  /** The same at once (a small index, such as the owner's table of hidden animals). */
  buildNow(version: string, forms: readonly FormRow[]): CatalogueIndex {
    const words = this.#words.buildNow(this.#forms.length > 0 ? [...forms, ...this.#forms] : forms);
    return new CatalogueIndex(version, this.#animals, this.#texts, this.#names, words, this.#unworded);
  }
}
