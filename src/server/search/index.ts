/** The server's side of search (the version, the change feed, the index keeper, a page's animals by id); imported from here only. */

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
