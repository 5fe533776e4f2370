/**
 * The few bytes of inline script at the end of every page's body (ShopLayout.astro), before the first paint:
 * every heart on the page shows whether its animal is a favourite, and the header's count is there, so neither
 * flips once the page's scripts run. Until ./hearts.ts has started (it marks <html> with
 * `data-favourites-ready`), a tap on a heart is kept here: the heart shows it at once and the change goes into
 * the outbox (./favourite-list.ts OUTBOX_KEY), which hearts.ts applies when it starts. It cannot import
 * anything, so it repeats the stored shapes of ./favourite-list.ts by hand; tests/unit/favourites.test.ts runs
 * it beside decodeFavourites() and decodeOutbox() over the same values.
 */
import { FAVOURITES_KEY, OUTBOX_KEY } from './favourite-list.ts';

/** What every heart is (./FavouriteButton.tsx writes it): its animal's id in `data-favourite`. */
export const HEART = 'button[data-favourite]';
/** The header's count (./FavouritesLink.astro). */
export const COUNT = '[data-favourites-count]';
/** On <html> once ./hearts.ts runs: from then on it answers the taps. */
export const READY = 'data-favourites-ready';

export const favouritesBootScript = `(function(d){var s=[];try{s=JSON.parse(localStorage.getItem('${FAVOURITES_KEY}'))}catch(e){}if(!Array.isArray(s))s=[];s=s.filter(function(i){return/^[0-9a-f]{24}$/.test(i)});function m(i,o){d.querySelectorAll('${HEART}[data-favourite="'+i+'"]').forEach(function(b){b.setAttribute('aria-pressed',o)})}d.querySelectorAll('${HEART}').forEach(function(b){b.setAttribute('aria-pressed',s.indexOf(b.getAttribute('data-favourite'))>=0)});var c=d.querySelector('${COUNT}');if(c&&s.length){c.textContent=s.length;c.hidden=false}d.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('${HEART}');if(!b||d.documentElement.hasAttribute('${READY}'))return;var i=b.getAttribute('data-favourite'),o=b.getAttribute('aria-pressed')!='true';try{var q=JSON.parse(localStorage.getItem('${OUTBOX_KEY}'));if(!Array.isArray(q))q=[];q.push([i,o?1:0]);localStorage.setItem('${OUTBOX_KEY}',JSON.stringify(q))}catch(e){}m(i,o)})})(document)`;
