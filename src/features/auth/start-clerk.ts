/**
 * Starts Clerk in the browser: loads clerk-js and Clerk's UI bundle (from our origin, see
 * src/lib/clerk-bundles.ts), then mounts every Clerk component on the page (<SignIn>, <SignUp>, <UserButton>).
 * This is the script Clerk's integration would inject into every page; here only the pages that
 * need Clerk import it (dynamically), so no other page or island ever waits for it.
 */
import { runInjectionScript } from '@clerk/astro/internal';
import { heIL } from '@clerk/localizations/he-IL';
import { HOME_PATH, SIGN_IN_PATH, SIGN_UP_PATH } from '../../lib/paths.ts';
import { CLERK_JS_VERSION, CLERK_UI_VERSION } from '../../lib/clerk-bundles.ts';
import type { ClerkBrowserSettings } from './clerk-settings.server.ts';

type Options = NonNullable<Parameters<typeof runInjectionScript>[0]>;

let started: Promise<void> | undefined;

type PropsByComponent = Map<string, Map<string, unknown>>;

/**
 * Registers the page's mount points (ClerkMountPoint.astro) where Clerk's mounting code looks for them,
 * as the inline script of Clerk's own Astro components would have.
 */
function registerMountPoints(): void {
  const global = window as unknown as { __astro_clerk_component_props?: PropsByComponent };
  const registry = (global.__astro_clerk_component_props ??= new Map());
  for (const element of document.querySelectorAll<HTMLElement>('[data-clerk-component][data-clerk-id]')) {
    const component = element.dataset.clerkComponent!;
    const byId = registry.get(component) ?? new Map<string, unknown>();
    byId.set(element.dataset.clerkId!, JSON.parse(element.dataset.clerkProps ?? '{}'));
    registry.set(component, byId);
  }
}

export function startClerk(settings: ClerkBrowserSettings): Promise<void> {
  if (!started) registerMountPoints();
  started ??= runInjectionScript({
    publishableKey: settings.publishableKey,
    __internal_clerkJSUrl: settings.clerkJSUrl,
    __internal_clerkUIUrl: settings.clerkUIUrl,
    // Only used without our own copies (Clerk's CDN): the same pinned versions.
    __internal_clerkJSVersion: CLERK_JS_VERSION,
    __internal_clerkUIVersion: CLERK_UI_VERSION,
    sdkMetadata: { name: '@clerk/astro', version: import.meta.env.SHOP_CLERK_ASTRO_VERSION, environment: 'production' },
    localization: heIL,
    // Look: CSS variables in auth.css (brand colours, light-dark() pairs that follow the theme live).
    signInUrl: SIGN_IN_PATH,
    signUpUrl: SIGN_UP_PATH,
    signInFallbackRedirectUrl: HOME_PATH,
    signUpFallbackRedirectUrl: HOME_PATH,
    afterSignOutUrl: HOME_PATH,
    telemetry: { disabled: true },
  } as Options).then(() => {
    if (!window.Clerk?.loaded) throw new Error('Clerk did not load');
  });
  started.catch(() => {
    started = undefined;
  });
  return started;
}
