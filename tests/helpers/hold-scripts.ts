/**
 * Holds every script of ours until `release()`: the page is parsed and painted, nothing of it runs
 * (what a shopper sees and does before the islands wake). `only`: hold just the modules it matches.
 */
import type { Page } from '@playwright/test';

export async function holdScripts(
  page: Page,
  only: RegExp = /\/_astro\/.+\.js$/,
): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  const held: Promise<void>[] = [];
  // The handler stays for the page's life: a module found only after the release (an import of an
  // import) goes through at once, with no unroute racing its request.
  await page.route(only, (route) => {
    held.push(released.then(() => route.continue()));
  });
  return {
    release: async () => {
      open();
      await Promise.all(held);
    },
  };
}
