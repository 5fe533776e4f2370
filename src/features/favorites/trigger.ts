/**
 * When the page's favourites script (./hearts.ts) is fetched: only once the page needs it, which the inline
 * script (./boot.ts) says by WANTED on <html> and the WANTED event — a signed-in shopper's account to load,
 * taps waiting in the outbox, a heart tapped (already shown and kept by the inline
 * script), another tab's change. A page that is only read never pays for it; its hearts and count are right
 * from the first paint either way. No imports: this is part of the page frame's script on every page.
 */

/** The attribute on <html>, and the event on the document, by which the inline script asks for ./hearts.ts. */
export const WANTED = 'data-favourites-wanted';

export function whenFavouritesWanted(start: () => void): void {
  if (document.documentElement.hasAttribute(WANTED)) start();
  else document.addEventListener(WANTED, start, { once: true });
}
