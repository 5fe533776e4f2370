/** The categories list (/categories): title, cards with picture, name and description, links, 1/2/3 columns, no framework JS. */
import { expect, test, type Page } from '@playwright/test';
import { expectGridColumns } from '../helpers/grid.ts';
import { seedCategories } from '../helpers/catalogue.ts';

const cards = (page: Page) => page.getByTestId('category-card');

test('title, one card per category with picture, name and description, each linking to its category', async ({
  page,
}) => {
  const response = await page.goto('/categories');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/^קטגוריות \| /);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /קטגוריות/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('קטגוריות');
  await expect(cards(page)).toHaveCount(seedCategories.length);
  for (const [index, category] of seedCategories.entries()) {
    const card = cards(page).nth(index);
    await expect(card).toHaveAttribute('href', `/categories/${category.slug}`);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(category.name);
    await expect(card).toContainText(category.description);
    const picture = card.locator('img');
    await expect(picture).toHaveAttribute('src', `/art/categories/${category.slug}.svg`);
    await expect(picture).toHaveAttribute('width', '480');
    await expect(picture).toHaveAttribute('height', '360');
  }
  await cards(page).nth(3).click();
  await expect(page).toHaveURL(`/categories/${seedCategories[3]!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seedCategories[3]!.name);
});

test('the grid has 1 column on phones, 2 on medium and 3 on large screens', async ({ page }) => {
  await expectGridColumns(
    page,
    () => page.goto('/categories'),
    cards(page),
    (boxes, columns) => {
      // Equal cards: every card of the first row has the same height.
      expect(new Set(boxes.slice(0, columns).map((box) => Math.round(box.height))).size).toBe(1);
    },
  );
});

test('the page carries its content in the HTML and hydrates no island', async ({ page, request }) => {
  const html = await (await request.get('/categories')).text();
  for (const category of seedCategories) expect(html).toContain(category.name);
  expect(html).not.toContain('<astro-island');
  const scripts: string[] = [];
  page.on('request', (candidate) => {
    if (candidate.resourceType() === 'script' && /react|client|Showcase|AnimalSearch/i.test(candidate.url()))
      scripts.push(candidate.url());
  });
  await page.goto('/categories', { waitUntil: 'networkidle' });
  expect(scripts).toEqual([]);
});
