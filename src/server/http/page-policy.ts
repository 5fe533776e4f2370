/** Clerk's origins in a page's policy, added at run time and only where Clerk's code loads: sign-in, sign-up, pages asked with a session cookie. */
import type { ClerkBrowserSettings } from '../clerk-settings.ts';
import { mayCarryClerkSession } from '../../lib/session-cookie.ts';

/** Clerk's bot check (sign-up) and its avatars. */
const CLERK_CHALLENGES = 'https://challenges.cloudflare.com';
const CLERK_IMAGES = 'https://img.clerk.com';

/** The Frontend API's origin, from the publishable key (`pk_…_` + base64 of `<host>$`). */
export function frontendApiOrigin(publishableKey: string): string | undefined {
  const encoded = /^pk_(?:test|live)_(.+)$/.exec(publishableKey)?.[1];
  const host = encoded ? Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '') : '';
  return /^[a-z0-9.-]+(?::\d+)?$/i.test(host) ? `https://${host}` : undefined;
}

function originOf(url: string | undefined): string[] {
  if (!url || url.startsWith('/')) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/** The sources Clerk's browser code needs, by directive. */
export function clerkSources(settings: ClerkBrowserSettings): Record<string, string[]> {
  const api = frontendApiOrigin(settings.publishableKey);
  const apis = api ? [api] : [];
  return {
    'script-src': [...apis, ...originOf(settings.clerkJSUrl), ...originOf(settings.clerkUIUrl), CLERK_CHALLENGES],
    'connect-src': apis,
    'img-src': [CLERK_IMAGES],
    'frame-src': [CLERK_CHALLENGES],
    'worker-src': ['blob:'],
  };
}

/** Adds sources to a policy's directives ('none' gives way; a missing directive is added). */
export function withSources(policy: string, extra: Record<string, string[]>): string {
  const directives = policy
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => part.split(/\s+/));
  for (const [name, sources] of Object.entries(extra)) {
    if (sources.length === 0) continue;
    const directive = directives.find(([existing]) => existing === name);
    if (!directive) directives.push([name, ...sources]);
    else
      directive.splice(
        1,
        directive.length,
        ...directive.slice(1).filter((source) => source !== "'none'"),
        ...sources.filter((source) => !directive.includes(source)),
      );
  }
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Does this page load Clerk's code? */
export function pageLoadsClerk(url: URL, cookie: string): boolean {
  return /^\/sign-(?:in|up)(?:\/|$)/.test(url.pathname) || mayCarryClerkSession(cookie, url);
}
