/**
 * The page frame's behaviours (the header's search, the side panel, the theme menu, the account
 * control, prefetching on touch screens) load once the page has painted. Until then every control
 * works without them (a plain form, invoker commands, a popover), and what a shopper did by then takes
 * effect when they start; fetched before the first paint, their modules would share a phone's slow link
 * with the fonts and the page's picture. One script of the page starts them all.
 */
const failed = (error: unknown) => console.error(error);

function start(): void {
  import('./header-search.ts').catch(failed);
  import('./side-panel.ts').catch(failed);
  import('../theme/theme-switch.ts').catch(failed);
  // Only where a shopper is (or may be) signed in: Clerk's code stays off every other page.
  if (document.querySelector('[data-header-auth][data-signed-in]')) import('../auth/account-button.ts').catch(failed);
  if (matchMedia('(hover: none)').matches) import('../seo/touch-prefetch.ts').catch(failed);
}

// The first paint's timing entry: an animation frame or the load event can come before it (a frame is
// not always painted; a page reached by a view transition paints when the transition is ready).
if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
} else {
  addEventListener('load', start, { once: true });
}
