/**
 * Browser side: where a page finds Clerk's settings. Server-rendered pages carry them in
 * <script type="application/json" data-clerk-settings> (ClerkSettingsData.astro); prerendered pages,
 * built without knowing the keys, ask the server (src/pages/auth/clerk-settings.json.ts) — or, on a
 * static host, the file its build wrote (src/static-site/routes/clerk-settings.json.ts).
 * Tiny on purpose: it is part of the header's script on every page.
 */
import type { ClerkBrowserSettings } from './clerk-settings.server.ts';

const SETTINGS_ATTRIBUTE = 'data-clerk-settings';
const SETTINGS_URL = '/auth/clerk-settings.json';

/** The settings embedded in the page, or undefined when the page has none. */
export function embeddedClerkSettings(): ClerkBrowserSettings | undefined {
  const element = document.querySelector(`script[${SETTINGS_ATTRIBUTE}]`);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as ClerkBrowserSettings;
}

/** The settings from the server; undefined when sign-in is not configured (or the server is unreachable). */
export async function fetchClerkSettings(): Promise<ClerkBrowserSettings | undefined> {
  try {
    const response = await fetch(SETTINGS_URL, { headers: { accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { configured: boolean } & Partial<ClerkBrowserSettings>;
    return body.configured && body.publishableKey ? (body as ClerkBrowserSettings) : undefined;
  } catch {
    return undefined;
  }
}
