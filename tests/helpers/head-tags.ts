/** What a page's head tells search engines and link previews, as the browser holds it. */
import type { Page } from '@playwright/test';

/** Each `<meta>` of the head by its property or name, with its content; the canonical link as `canonical`. */
export function headTags(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const tags: Record<string, string> = {};
    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (canonical) tags['canonical'] = canonical.getAttribute('href') ?? '';
    for (const meta of document.head.querySelectorAll('meta[property], meta[name]'))
      tags[meta.getAttribute('property') ?? meta.getAttribute('name') ?? ''] = meta.getAttribute('content') ?? '';
    return tags;
  });
}
