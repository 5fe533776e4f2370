/**
 * The names the favourites' pieces find each other by, with no code around them (the page frame's script
 * imports them, and every byte of that script is on every page): where localStorage keeps the list, and what
 * the page's hearts and count are.
 */

/** localStorage: the list, as a JSON array of ids, newest first. */
export const FAVOURITES_KEY = 'favourites';
/**
 * localStorage: changes not yet applied everywhere, as a JSON array of `[id, 1 | 0]` (on, off) — taps made before
 * the page's favourites script ran (./boot.ts), and a signed-in shopper's changes until the account has them.
 */
export const OUTBOX_KEY = 'favourites-outbox';
/** localStorage: the Clerk user whose account's list this browser's list is a copy of (none: the browser's own). */
export const ACCOUNT_KEY = 'favourites-account';

/** Every heart (./FavouriteButton.tsx writes it): its animal's id in `data-favourite`. */
export const HEART = 'button[data-favourite]';
/** The header's count (./FavouritesLink.astro). */
export const COUNT = '[data-favourites-count]';
/** On <html> once ./hearts.ts runs: from then on it answers the taps. */
export const READY = 'data-favourites-ready';
