/**
 * The accessibility statement (/accessibility): what the shop meets, how it is checked, what is not yet
 * accessible, how to reach the shop about it (the contact page: no address is invented), when it was
 * reviewed; linked from the footer of every page and listed in the sitemap.
 */
import { expect, test } from '@playwright/test';
import { layoutStrings } from '../../src/features/layout/strings.ts';

test('the statement: its headings, the standard, the checks, the known gap and the way to reach the shop', async ({
  page,
}) => {
  const response = await page.goto('/accessibility');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('הצהרת נגישות | חנות התיפלצים');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('הצהרת נגישות');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText([
    'מה עשינו באתר',
    'איך אנחנו בודקים',
    'מה עדיין לא נגיש במלואו',
    'פנייה בנושא נגישות',
    'עדכון ההצהרה',
  ]);
  await expect(page.getByRole('main')).toContainText('5568');
  await expect(page.getByRole('region', { name: 'איך אנחנו בודקים' })).toContainText('axe');
  await expect(page.getByRole('region', { name: 'מה עדיין לא נגיש במלואו' })).toContainText('Clerk');
  const contact = page.getByRole('region', { name: 'פנייה בנושא נגישות' });
  await contact.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('every page links to the statement from its footer, and the sitemap lists it', async ({ page, request }) => {
  for (const path of ['/', '/categories', '/products', '/about', '/contact', '/no-such-page', '/sign-in']) {
    await page.goto(path);
    const link = page.getByRole('contentinfo').getByRole('link', { name: layoutStrings.accessibility });
    await expect(link, path).toHaveAttribute('href', '/accessibility');
  }
  const sitemap = await (await request.get('/sitemaps/pages.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/accessibility<\/loc>/);
});
