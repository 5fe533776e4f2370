/**
 * Suggestions for what a shopper has typed, from the catalogue index (./catalogue-index.ts): names that
 * start with the text, then names with a word for every query word, then categories whose name has one,
 * at most MAX_SUGGESTIONS; ties in the catalogue's name order. Nothing found: the text in the other keyboard
 * layout, then with its spelling corrected. The server's GET /api/animals/suggest and the static build's
 * header (src/features/animal-list/index-catalogue.ts) both answer with suggestCatalogue.
 */
import type { SuggestedCatalogue } from './catalogue-reads.ts';
import { sortKey } from './hebrew.ts';
import { categoryPath, productPath } from '../paths.ts';
import type { Suggestion } from '../schemas.ts';
import { MAX_SUGGESTIONS } from '../suggestion-limit.ts';
import { correctSpelling, otherLayout } from './search-corrections.ts';
import { catalogueWords, wordMatches, wordsOf, type SearchPlan } from './search-words.ts';

/** A category as suggestions name it, in catalogue order. */
interface SuggestedCategory {
  name: string;
  slug: string;
}

/** The suggestions for what a shopper has typed. */
export function suggestCatalogue(
  catalogue: SuggestedCatalogue,
  text: string,
  categories: readonly SuggestedCategory[],
): Suggestion[] {
  if (wordsOf(text).length === 0 || text.includes('\u0000')) return [];
  const suggestFor = (typed: string) => {
    const plan = catalogue.plan(typed);
    return [...suggestedAnimals(catalogue, typed, plan), ...suggestedCategories(plan, categories)].slice(
      0,
      MAX_SUGGESTIONS,
    );
  };
  const typed = suggestFor(text);
  if (typed.length > 0) return typed;
  const layout = otherLayout(text);
  const converted = layout === undefined ? [] : suggestFor(layout);
  if (converted.length > 0) return converted;
  const spelled = correctSpelling(text, catalogue.vocabulary());
  return spelled === undefined ? [] : suggestFor(spelled);
}

/** Names that start with the text, then (without those) names with a word for every query word, as suggestions. */
function animalSuggestions(
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
function suggestedAnimals(catalogue: SuggestedCatalogue, text: string, plan: SearchPlan): Suggestion[] {
  const starting = catalogue.namesStarting(sortKey(text), MAX_SUGGESTIONS);
  const withWord =
    starting.length < MAX_SUGGESTIONS && plan.words.length > 0
      ? catalogue.namesWith(plan, MAX_SUGGESTIONS + starting.length)
      : [];
  return animalSuggestions(starting, withWord);
}

/** The categories (in catalogue order) with a word of their name for every query word. */
function suggestedCategories(plan: SearchPlan, categories: readonly SuggestedCategory[]): Suggestion[] {
  if (plan.words.length === 0) return [];
  return categories
    .filter((category) => {
      const words = catalogueWords(category.name, '');
      return plan.words.every((query) => words.some((word) => wordMatches(query, word)));
    })
    .map((category) => ({ kind: 'category', name: category.name, href: categoryPath(category.slug) }));
}
