/**
 * The favourites' rules that the API, the browser's store and the pages share, without zod (islands and
 * the header's script import them): how many a shopper may keep, what a list of them is, and the shared
 * list's address parameter. src/lib/schemas.ts builds the API's schema from these.
 */
import { ID_PATTERN } from './id-pattern.ts';
import { SHARED_IDS_PARAM } from './paths.ts';

/** The most animals one shopper keeps as favourites, in the browser and in the account alike. */
export const MAX_FAVOURITES = 200;

export const favouritesMessages = {
  /** A favourite past the limit (the API's 400 and the browser's notice). */
  tooMany: `אפשר לשמור עד ${MAX_FAVOURITES} תיפלצים במועדפים. הסירו אחד כדי להוסיף אחר.`,
  /** The API's 400 for a body that is not a list of animals' ids. */
  notAList: 'המועדפים נשלחים כ-{ "ids": [...] }: רשימה של מזהי תיפלצים (24 ספרות הקסדצימליות)',
} as const;

/** Whether a value is an animal's id as the catalogue writes them. */
export const isAnimalId = (value: unknown): value is string => typeof value === 'string' && ID_PATTERN.test(value);

/**
 * A list of favourites as the shop keeps it from anything it reads (a stored value, a shared address): only
 * animals' ids, each once, in their order, at most MAX_FAVOURITES.
 */
export function cleanFavourites(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.size === MAX_FAVOURITES) break;
    if (isAnimalId(value)) seen.add(value);
  }
  return [...seen];
}

/**
 * The ids a shared list's address names (its `ids` parameter, src/lib/paths.ts sharedFavoritesPath), cleaned;
 * undefined when the address names no shared list (the shopper's own).
 */
export function sharedFavouritesIn(params: URLSearchParams): string[] | undefined {
  const param = params.get(SHARED_IDS_PARAM);
  if (param === null) return undefined;
  return cleanFavourites(param.split(',').map((id) => id.trim().toLowerCase()));
}
