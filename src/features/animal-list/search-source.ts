/**
 * Where the animals list's searches go: the catalogue API. The static build (astro.static.config.mjs)
 * puts src/static-site/search-source.ts, the browser's own index with the same rules, in its place.
 */
export { searchAnimals } from '../../lib/api/client.ts';
