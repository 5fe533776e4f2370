/**
 * Suggestions for what a shopper has typed, from the catalogue index (./catalogue-index.ts): names that
 * start with the text, then names with a word for every query word, then categories whose name has one,
 * at most MAX_SUGGESTIONS. The server's GET /api/animals/suggest (src/server/db/search/animal-suggest.ts) and the
 * static build's header (src/features/animal-list/index-catalogue.ts) answer with these functions.
 */
import type { CatalogueIndex } from './catalogue-index.ts';
import { sortKey } from './hebrew.ts';
import { categoryPath, productPath } from './paths.ts';
import type { Suggestion } from './schemas.ts';
import { catalogueWords, wordMatches, type SearchPlan } from './search-words.ts';

/** Most suggestions for a text. */
export const MAX_SUGGESTIONS = 8;

/** Names that start with the text, then (without those) names with a word for every query word, as suggestions. */
export function animalSuggestions(
  starting: readonly { id: string; name: string }[],
  withWord: readonly { id: string; name: string }[],
): Suggestion[] {
  const seen = new Set(starting.map((animal) => animal.id));
  return [...starting, ...withWord.filter((animal) => !seen.has(animal.id))].map(({ id, name }) => ({
    kind: 'animal',
    name,
    href: productPath(id),
  }));
}

/** The animals suggested for `text` (planned as `plan`), from the index. */
export function suggestedAnimals(catalogue: CatalogueIndex, text: string, plan: SearchPlan): Suggestion[] {
  const starting = catalogue.namesStarting(sortKey(text), MAX_SUGGESTIONS);
  const withWord =
    starting.length < MAX_SUGGESTIONS && plan.words.length > 0
      ? catalogue.namesWith(plan, MAX_SUGGESTIONS + starting.length)
      : [];
  return animalSuggestions(starting, withWord);
}

/** The categories (in catalogue order) with a word of their name for every query word. */
export function suggestedCategories(
  plan: SearchPlan,
  categories: readonly { name: string; slug: string }[],
): Suggestion[] {
  if (plan.words.length === 0) return [];
  return categories
    .filter((category) => {
      const words = catalogueWords(category.name, '');
      return plan.words.every((query) => words.some((word) => wordMatches(query, word)));
    })
    .map((category) => ({ kind: 'category', name: category.name, href: categoryPath(category.slug) }));
}
