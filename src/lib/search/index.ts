/**
 * The search engine, shared by the Node server and the static build's browser search: the catalogue
 * index (what it holds of each animal, how it is built and kept current), matching by words and their
 * forms, prefix letters, the other keyboard layout and spelling corrections, filters and facets, sort
 * orders and pages, suggestions, similar animals, and the Hebrew folding everything compares by. Plain TypeScript: no
 * database, no Node API. Code outside this folder imports it from here only, and the same index in
 * pieces for a static host from ./pieces/index.ts (its own entry: only code that searches the pieces
 * bundles them).
 */

export { animalKeys } from './animal-keys.ts';
export { CatalogueIndexBuilder, type IndexedAnimal } from './catalogue-index-builder.ts';
export { type WrittenAnimal } from './catalogue-index-rows.ts';
export { type CatalogueIndex } from './catalogue-index.ts';
export { adminList, listCatalogue, type ListQuery } from './catalogue-search.ts';
export { SIMILAR_MOST, similarAnimals } from './catalogue-similar.ts';
export { suggestCatalogue } from './catalogue-suggest.ts';
export { foldHebrew, searchText, sortKey } from './hebrew.ts';
export { PackedTexts, packedQuery } from './packed-texts.ts';
export {
  allowedEdits,
  correctSpelling,
  otherLayout,
  spellingDistance,
  vocabularyOf,
  withFinalLetter,
} from './search-corrections.ts';
export { type FacetCategory, type SearchFilters } from './search-filters.ts';
export { compareBySort, compareCodePoints, firstInOrder, pageOffset } from './search-rules.ts';
export {
  baseForm,
  catalogueWords,
  matchedRanges,
  matchesPlan,
  planSearch,
  storedWords,
  withoutPrefixes,
  wordsOf,
} from './search-words.ts';
