/**
 * The page frame's behaviours (the header's search, the side panel, the theme menu, the favourites' hearts
 * and count, the account control, prefetching on touch screens, an animal page's purchase dialog and share
 * button, and the recently viewed animals) load once the page has painted. Until then every control
 * works without them (a plain form, invoker commands, a popover), and what a shopper did by then takes
 * effect when they start; fetched before the first paint, their modules would share a phone's slow link
 * with the fonts and the page's picture. One script of the page starts them all.
 */
import { whenFavouritesWanted } from '../favorites/trigger.ts';

const failed = (error: unknown) => console.error(error);

/** Each behaviour is fetched and started in a task of its own: together they would make one long task. */
function load(behaviour: () => Promise<unknown>): void {
  setTimeout(() => void behaviour().catch(failed), 0);
}

function start(): void {
  load(() => import('./header-search.ts'));
  load(() => import('./side-panel.ts'));
  load(() => import('../theme/theme-switch.ts'));
  whenFavouritesWanted(() => load(() => import('../favorites/hearts.ts')));
  // Only where a shopper is (or may be) signed in: Clerk's code stays off every other page.
  if (document.querySelector('[data-header-auth][data-signed-in]')) load(() => import('../auth/account-button.ts'));
  if (matchMedia('(hover: none)').matches) load(() => import('../seo/touch-prefetch.ts'));
  // An animal's page: its purchase dialog draws its form when asked.
  if (document.querySelector('dialog[data-purchase]')) load(() => import('../animal-detail/purchase.ts'));
  if (document.querySelector('[data-share]')) load(() => import('../share/share.ts'));
  // This browser's own list, drawn once the page's own requests are done: it never competes with them.
  if (document.querySelector('[data-recently-viewed]'))
    afterLoad(() => load(() => import('../recently-viewed/recently-viewed.ts')));
}

function afterLoad(then: () => void): void {
  if (document.readyState === 'complete') then();
  else addEventListener('load', then, { once: true });
}

// The first paint's timing entry: an animation frame or the load event can come before it (a frame is
// not always painted; a page reached by a view transition paints when the transition is ready).
if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  afterLoad(start);
}
