/**
 * The accessibility sweep: axe (WCAG 2.0/2.1/2.2 A and AA rules) on every route, in light
 * and dark, on a phone (375 px) and a desktop (1280 px). Zero violations allowed.
 * One test per route loads it four times in one page (a fresh load for each theme and width): a page
 * and its context cost about as much as the load itself.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { stableId } from '../../src/server/db/ids.ts';

const firstCategory = seedCatalogue[0]!;
const firstAnimal = firstCategory.animals[0]!;
const secondAnimal = firstCategory.animals[1]!;
const routes = [
  '/',
  '/categories',
  `/categories/${firstCategory.slug}`,
  '/products',
  '/products?query=%D7%A7%D7%98%D7%9F&sort=price',
  '/products?page=2&from=1',
  '/products?page=9',
  `/products/${stableId('animal', firstAnimal.slug)}`,
  '/about',
  '/accessibility',
  '/contact',
  '/404',
  '/no-such-page',
  '/sign-in',
  '/sign-up',
  '/favorites',
  `/favorites?ids=${stableId('animal', firstAnimal.slug)},${stableId('animal', secondAnimal.slug)}`,
];

for (const route of routes) {
  test(`axe finds nothing on ${route}, light and dark, 375 and 1280 px`, async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      // Init scripts run in the order added: the later theme wins from the next load on.
      await page.addInitScript((value) => {
        localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
      }, theme);
      for (const width of [375, 1280]) {
        await test.step(`${theme}, ${width}px`, async () => {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(route);
          await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
          await page.waitForLoadState('networkidle');
          const results = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
            .analyze();
          const summary = results.violations.map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
                .slice(0, 5)
                .map((node) => node.target.join(' '))
                .join('\n  ')}`,
          );
          expect.soft(summary, `${theme}, ${width}px:\n${summary.join('\n')}`).toEqual([]);
        });
      }
    }
  });
}
