/** One category (/categories/{slug}): hero, heading, animal cards; an unknown slug → 404 and only the error box. */
import { expect, test } from '@playwright/test';
import { formatPrice, truncateDescription } from '../../src/lib/format.ts';
import { seedAnimals, seedCategory } from '../helpers/catalogue.ts';

test('hero with picture, name and description, then the heading and a card per animal', async ({ page }) => {
  const category = seedCategory('sea-monsters');
  const animals = seedAnimals.filter((animal) => animal.category.slug === category.slug);
  const response = await page.goto(`/categories/${category.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${category.name} \\| `));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(category.description));

  const hero = page.getByTestId('category-hero');
  await expect(hero.getByRole('heading', { level: 1 })).toHaveText(category.name);
  await expect(hero).toContainText(category.description);
  await expect(hero.locator('img')).toHaveAttribute('src', `/art/categories/${category.slug}.svg`);
  await expect(hero.locator('img')).toHaveAttribute('width', '480');

  await expect(page.getByRole('heading', { level: 2, name: 'תיפלצים מקטגוריה זו' })).toBeVisible();
  const cards = page.getByTestId('animal-card');
  await expect(cards).toHaveCount(animals.length);
  for (const animal of animals) {
    const card = cards.filter({ hasText: animal.name });
    await expect(card).toHaveAttribute('href', `/products/${animal.id}`);
    await expect(card).toContainText(truncateDescription(animal.description));
    await expect(card).toContainText(formatPrice(animal.price));
  }
  // Everything on one page: the count says so, and there is nothing more to load.
  await expect(page.getByTestId('category-count')).toHaveText(`${animals.length} תיפלצים`);
  await expect(page.getByTestId('list-count')).toHaveText(`מוצגים ${animals.length} מתוך ${animals.length}`);
  await expect(page.getByRole('button', { name: 'טען עוד' })).toBeHidden();
  await expect(page.getByTestId('pager-links').getByRole('link')).toHaveCount(0);
  await cards.first().click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f]{24}$/);
});

test('the page carries its animals in the HTML and hydrates no island', async ({ request }) => {
  const response = await request.get('/categories/sky-creatures');
  const html = await response.text();
  for (const animal of seedAnimals.filter((candidate) => candidate.category.slug === 'sky-creatures')) {
    expect(html).toContain(animal.name);
  }
  expect(html).not.toContain('<astro-island');
});

for (const path of ['/categories/no-such-category', '/categories/Not%20A%20Slug']) {
  test(`an unknown slug (${path}) answers 404 with only the error box and the server's message`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading')).toHaveText('שגיאה');
    await expect(alert).toContainText('הקטגוריה לא נמצאה');
    await expect(page).toHaveTitle(/הקטגוריה לא נמצאה/);
    await expect(page.getByTestId('category-hero')).toHaveCount(0);
    await expect(page.getByText('תיפלצים מקטגוריה זו')).toHaveCount(0);
    await expect(page.getByTestId('animal-card')).toHaveCount(0);
  });
}
