/**
 * The few bytes of inline script every page carries for the favourites, in <head> right after the theme's (the
 * same <script>, ShopLayout.astro), so that nothing waits for the page's scripts:
 * - every heart shows whether its animal is a favourite, and the header's count is there, as the parser adds
 *   them (a MutationObserver), so neither flips at the first paint; hearts added later (a category's load more,
 *   the list's island) too, until ./hearts.ts takes over;
 * - a tap on a heart before ./hearts.ts has started (it marks <html> with READY) shows at once and goes into the
 *   outbox (./markers.ts OUTBOX_KEY), which hearts.ts applies when it starts;
 * - it asks for hearts.ts (./trigger.ts WANTED) when the page needs it: a tap, taps left in the outbox, another
 *   tab's change, a signed-in shopper;
 * - signed out while the list is a copy of an account's (./markers.ts ACCOUNT_KEY), it shows none of it, and
 *   hearts.ts leaves it behind.
 * It cannot import anything, so it repeats the stored shapes of ./favourite-list.ts by hand;
 * tests/unit/favourites.test.ts runs it beside decodeFavourites() and decodeOutbox() over the same values.
 */
import { ACCOUNT_KEY, COUNT, FAVOURITES_KEY, HEART, OUTBOX_KEY, READY } from './markers.ts';
import { WANTED } from './trigger.ts';

export const favouritesBootScript = `((d,r,H,C,O,W,R)=>{let g=k=>{try{let v=JSON.parse(localStorage.getItem(k));return Array.isArray(v)?v:[]}catch{return[]}},w=()=>{r.hasAttribute(W)||(r.setAttribute(W,''),d.dispatchEvent(new Event(W)))},p=(b,o)=>b.setAttribute('aria-pressed',o),s=g('${FAVOURITES_KEY}').filter(i=>/^[0-9a-f]{24}$/.test(i)),m=n=>n.querySelectorAll&&[n,...n.querySelectorAll(H+','+C)].forEach(e=>e.matches(H)?p(e,s.includes(e.dataset.favourite)):e.matches(C)&&(e.textContent=s.length||'',e.hidden=!s.length));g(O).length&&w();new MutationObserver((l,o)=>r.hasAttribute(R)?o.disconnect():l.forEach(x=>x.addedNodes.forEach(m))).observe(r,{childList:!0,subtree:!0});d.addEventListener('click',e=>{let b=e.target.closest?.(H),i,o,q;if(b&&!r.hasAttribute(R)){i=b.dataset.favourite;o=b.getAttribute('aria-pressed')!='true';q=g(O);q.push([i,+o]);try{localStorage.setItem(O,JSON.stringify(q))}catch{}d.querySelectorAll(H+\`[data-favourite="\${i}"]\`).forEach(b=>p(b,o));w()}});addEventListener('storage',e=>e.key=='${FAVOURITES_KEY}'&&w());d.addEventListener('DOMContentLoaded',()=>{if(d.querySelector('[data-header-auth][data-signed-in]'))w();else try{localStorage.getItem('${ACCOUNT_KEY}')&&(s=[],m(d.body),w())}catch{}})})(document,document.documentElement,'${HEART}','${COUNT}','${OUTBOX_KEY}','${WANTED}','${READY}')`;
