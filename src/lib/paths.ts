/**
 * Every route of the shop's pages and their preview pictures, in one place: each link builder
 * (navigation, cards, search, paging, sign-in, SEO) takes its path from here. Shared by the server and
 * the browser.
 */
export const HOME_PATH = '/';
export const CATEGORIES_PATH = '/categories';
export const PRODUCTS_PATH = '/products';
export const ABOUT_PATH = '/about';
export const CONTACT_PATH = '/contact';
export const ACCESSIBILITY_PATH = '/accessibility';
export const NOT_FOUND_PATH = '/404';
export const SIGN_IN_PATH = '/sign-in';
export const SIGN_UP_PATH = '/sign-up';
export const FAVORITES_PATH = '/favorites';

/** The sign-in page, coming back to `target` (path and query) once signed in (Clerk reads `redirect_url`). */
export function signInReturningTo(target: string): string {
  return `${SIGN_IN_PATH}?redirect_url=${encodeURIComponent(target)}`;
}

/** One category's page: `/categories/{slug}`. */
export function categoryPath(slug: string): string {
  return `${CATEGORIES_PATH}/${encodeURIComponent(slug)}`;
}

/** One animal's page: `/products/{id}`. */
export function productPath(id: string): string {
  return `${PRODUCTS_PATH}/${encodeURIComponent(id)}`;
}

/** The query parameter of a shared list's address: the ids, comma-separated, in the list's order. */
export const SHARED_IDS_PARAM = 'ids';

/** A shared list of favourites: `/favorites?ids=a,b,c` (read-only, for anyone, on either deployment). */
export function sharedFavoritesPath(ids: readonly string[]): string {
  return `${FAVORITES_PATH}?${SHARED_IDS_PARAM}=${ids.join(',')}`;
}

/**
 * Preview pictures (800×420 PNG, src/pages/previews/): the 1.91:1 of Open Graph's large image, above the
 * 600×315 Facebook names as the least for it: 1200×630 has over twice the pixels for a static build to draw.
 */
export const PREVIEW_WIDTH = 800;
export const PREVIEW_HEIGHT = 420;
export const SHOP_PREVIEW_PATH = '/previews/shop.png';
export const animalPreviewPath = (id: string): string => `/previews/animals/${encodeURIComponent(id)}.png`;
export const categoryPreviewPath = (slug: string): string => `/previews/categories/${encodeURIComponent(slug)}.png`;

/** `pathname?params`, or `pathname` alone when there are none (the list's search and paging URLs). */
export function withParams(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
