/**
 * The pinned Clerk browser bundles the shop serves from its own origin under /clerk/ (fetched into
 * node_modules/.cache/shop-clerk-bundles/ by scripts/clerk-bundles.ts and copied into the build). clerk-js 6.34.1 is the version @clerk/astro 4.0.21
 * was built against; @clerk/ui 1.34.0 matches our @clerk/localizations 4.18.
 */
export const CLERK_JS_VERSION = '6.34.1';
export const CLERK_UI_VERSION = '1.34.0';

export const CLERK_JS_FOLDER = `clerk-js@${CLERK_JS_VERSION}`;
export const CLERK_UI_FOLDER = `ui@${CLERK_UI_VERSION}`;

/** URL paths of the two entry bundles; their lazy chunks load from the same folders. */
export const CLERK_JS_PATH = `/clerk/${CLERK_JS_FOLDER}/clerk.browser.js`;
export const CLERK_UI_PATH = `/clerk/${CLERK_UI_FOLDER}/ui.browser.js`;
