/**
 * The server's side of search: the catalogue version, the change feed, the index keeper that holds the
 * engine's index (src/lib/search) at the version searches read, and reading a page's animals by id.
 * Code outside this folder imports it from here only.
 */

export { createAnimalSearch } from './animal-search.ts';
export { FEED_MOST, indexedFrom, pruneFeed, readFeed } from './catalogue-feed.ts';
export { catalogueTooLarge } from './catalogue-fits.ts';
export {
  createCatalogueIndexKeeper,
  readCatalogueIndex,
  type CatalogueIndexKeeper,
  type CatalogueIndexOptions,
} from './catalogue-index-keeper.ts';
export {
  CATALOGUE_VERSION_INTERVAL_MS,
  catalogueVersionReader,
  readCatalogueVersion,
  type CatalogueVersion,
  type CatalogueVersionReader,
  type HeldVersion,
} from './catalogue-version.ts';
