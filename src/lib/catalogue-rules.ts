/**
 * The catalogue's rules as plain constants, without zod, so that islands can import them
 * without bringing zod into the browser. src/lib/schemas.ts builds its schemas from these.
 */
export const SORTS = ['name', 'price'] as const;
export type AnimalSort = (typeof SORTS)[number];
export const DEFAULT_SORT: AnimalSort = 'name';
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_SEARCH_LENGTH = 200;
/** A category's or an animal's slug: lower-case Latin letters and digits, single hyphens between. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The highest rating. */
export const MAX_RATING = 5;

/** The text a list searches for: trimmed and no longer than the API accepts. */
export function normalizeQuery(text: string): string {
  return Array.from(text.trim()).slice(0, MAX_SEARCH_LENGTH).join('').trim();
}
