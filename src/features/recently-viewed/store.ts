/**
 * The recently viewed animals, kept in this browser only (`@nanostores/persistent`: localStorage, and
 * every tab follows a change made in another). Never sent to the server.
 */
import { persistentAtom } from '@nanostores/persistent';
import { decodeViewed, encodeViewed, RECENTLY_VIEWED_KEY, type ViewedAnimal } from './viewed-list.ts';

export const $recentlyViewed = persistentAtom<ViewedAnimal[]>(RECENTLY_VIEWED_KEY, [], {
  encode: encodeViewed,
  decode: decodeViewed,
});
