/** Which navigation link marks the current page. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * `page` for the link of this very page; `true` for the section a deeper page belongs to
 * (/categories for /categories/dragons); undefined otherwise.
 */
export function currentMark(href: string, pathname: string): 'page' | 'true' | undefined {
  const path = normalisePath(pathname);
  if (path === href) return 'page';
  if (href !== '/' && path.startsWith(`${href}/`)) return 'true';
  return undefined;
}
