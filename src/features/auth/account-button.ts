/** A signed-in shopper's account control (AccountButton.astro): Clerk starts when the browser is idle, or at once on the first pointer or focus on it. */
import { embeddedClerkSettings, fetchClerkSettings } from './browser-settings.ts';

const root = document.querySelector<HTMLElement>('[data-header-auth]');
if (root?.hasAttribute('data-signed-in')) {
  let begun = false;
  const begin = async () => {
    if (begun) return;
    begun = true;
    const settings = embeddedClerkSettings() ?? (await fetchClerkSettings());
    if (!settings) {
      root.removeAttribute('data-signed-in');
      return;
    }
    const { startClerk } = await import('./start-clerk.ts');
    await startClerk(settings);
    // The session ended elsewhere (signed out in another tab): back to the link.
    if (!(window as unknown as { Clerk?: { user?: unknown } }).Clerk?.user) root.removeAttribute('data-signed-in');
  };
  const start = () => void begin().catch((error: unknown) => console.error(error));
  root.addEventListener('pointerenter', start, { once: true });
  root.addEventListener('focusin', start, { once: true });
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
  else setTimeout(start, 1000);
}
