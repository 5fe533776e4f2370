/**
 * The two rules a text's matches are found by in the catalogue index (./catalogue-index.ts), over its
 * words (./catalogue-words.ts) and folded texts (./packed-texts.ts): the word rule and the literal rule
 * of docs/search.md. Animals are places in the index; `add` is told each match (maybe more than once).
 */
import type { CatalogueWords } from './catalogue-words.ts';
import { packedQuery, type PackedTexts } from './packed-texts.ts';
import { literalRuns, type SearchPlan } from './search-words.ts';

/** The word rule: every query word matches a word of the animal. */
export function byWords(words: CatalogueWords, plan: SearchPlan, add: (animal: number) => void): void {
  const lists = plan.words.map((query) => words.matching(query));
  if (lists.some((matching) => matching.size === 0)) return;
  words.withEvery(lists, add);
}

/**
 * The literal rule: the animal's folded text holds the folded search text. Found through the words
 * its runs lie in (./search-words.ts literalRuns): a text that is one run lies inside a word, so
 * every animal with such a word holds it; else those with a word for every run are checked — every
 * run but those whose words' lists are longer than the catalogue (a letter at a word's end: nearly
 * every animal has one), which would be walked to narrow the candidates hardly at all. With `unworded`
 * (some animal has no stored words) only the texts tell, and every text is read.
 */
export function byLiteral(
  words: CatalogueWords,
  texts: PackedTexts,
  unworded: boolean,
  text: string,
  add: (animal: number) => void,
): void {
  const query = packedQuery(text);
  const runs = unworded ? undefined : literalRuns(text);
  if (!runs) {
    for (let animal = 0; animal < texts.length; animal++) {
      if (texts.holds(animal, query) && !words.isRemoved(animal)) add(animal);
    }
    return;
  }
  const lists = runs.map((run) => words.holding(run));
  if (lists.some((holding) => holding.length === 0)) return;
  if (runs.length === 1 && runs[0]!.place === 'inside') words.withEvery(lists, add);
  else {
    const postings = lists.map((holding) => words.postingsOf(holding));
    const narrowing = lists.filter((_, at) => postings[at]! <= texts.length);
    const walked = narrowing.length > 0 ? narrowing : [lists[postings.indexOf(Math.min(...postings))]!];
    words.withEvery(walked, (animal) => texts.holds(animal, query) && add(animal));
  }
}
