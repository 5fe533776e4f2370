/**
 * Recently viewed (src/features/recently-viewed): the animals this browser opened last, newest first, on
 * the home page and on an animal's page (without the animal shown), opened by pointer and by keyboard,
 * at 390 and 1280 px; its button clears it (by pointer and by keyboard), says so and keeps the focus; the
 * pages the server sends (and keeps in its cache) never hold the list.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedAnimal } from '../helpers/catalogue.ts';

const section = (page: Page) => page.getByRole('region', { name: 'צפיתם לאחרונה' });
const names = (page: Page) => section(page).getByRole('link');
const similar = (page: Page) => page.getByRole('region', { name: 'תיפלצים דומים' }).getByRole('link');

/** The animal page `name` is shown, and its animal is first in the list (added once the page has loaded). */
async function opened(page: Page, name: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect
    .poll(() =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as { name: string }[])[0]?.name),
    )
    .toBe(name);
}

/** Opens three animals: one by address, one by a pointer on a similar card, one by keyboard. Their names, newest first. */
async function openThree(page: Page): Promise<string[]> {
  const first = seedAnimal('rainbow-owl');
  await page.goto(`/products/${first.id}`);
  await opened(page, first.name);
  const second = (await similar(page).first().innerText()).split('\n')[0]!.trim();
  await similar(page).first().click();
  await opened(page, second);
  // A similar animal not opened yet (the first may well be among the second's).
  const shown = await similar(page).allInnerTexts();
  const at = shown.findIndex((text) => !text.startsWith(first.name));
  const link = similar(page).nth(at);
  const third = shown[at]!.split('\n')[0]!.trim();
  await link.focus();
  await page.keyboard.press('Enter');
  await opened(page, third);
  return [third, second, first.name];
}

for (const width of [390, 1280]) {
  test(`${width}px: the three animals opened, newest first, and cleared by its button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    // Nothing viewed yet: no section.
    await expect(section(page)).toBeHidden();
    const [third, second, first] = await openThree(page);
    // On the third's page: the other two, without it.
    await expect(names(page)).toHaveText([second!, first!]);
    await page.goto('/');
    await expect(names(page)).toHaveText([third!, second!, first!]);
    await expect(names(page).first()).toHaveAttribute('href', /^\/products\/[0-9a-f]{24}$/);
    await expect(section(page).locator('img').first()).toHaveAttribute('src', /^\/art\/animals\/.+\.svg$/);

    // The page as the server sends it (and caches it) has none of it.
    for (const path of ['/', `/products/${seedAnimal('rainbow-owl').id}`]) {
      const html = await (await page.request.get(path)).text();
      // A hidden section holding only the card's template: no heading, list or names until the script makes them.
      const sent = /<section[^>]*data-recently-viewed[^>]*>([\s\S]*?)<\/section>/.exec(html);
      expect(sent?.[0], path).toMatch(/^<section[^>]*\shidden[\s>]/);
      expect(sent?.[1]?.replace(/<template[\s\S]*?<\/template>/, ''), path).toBe('');
    }

    const clear = section(page).getByRole('button', { name: 'ניקוי הרשימה' });
    if (width === 390) {
      await clear.focus();
      await page.keyboard.press('Enter');
    } else {
      await clear.click();
    }
    await expect(names(page)).toHaveCount(0);
    await expect(section(page).getByRole('status')).toHaveText('הרשימה נוקתה. תיפלצים שתפתחו מעכשיו יופיעו כאן.');
    await expect(section(page).getByRole('heading', { name: 'צפיתם לאחרונה' })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('recently-viewed'))).toBe('[]');
    await page.reload();
    await expect(section(page)).toBeHidden();
  });
}

test('keeps the twelve newest, each once, and opening one again moves it to the front', async ({ page }) => {
  for (const slug of ['rainbow-owl', 'cloud-sheep', 'rainbow-owl']) {
    await page.goto(`/products/${seedAnimal(slug).id}`);
    await opened(page, seedAnimal(slug).name);
  }
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as { id: string }[],
  );
  expect(stored.map((animal) => animal.id)).toEqual([seedAnimal('rainbow-owl').id, seedAnimal('cloud-sheep').id]);
  // A list written by another version, or by hand, beyond the limit: twelve are shown.
  await page.evaluate(
    (list) => localStorage.setItem('recently-viewed', JSON.stringify(list)),
    Array.from({ length: 20 }, (_, index) => ({ ...stored[index % 2], id: index.toString(16).padStart(24, '0') })),
  );
  await page.goto('/');
  await expect(names(page)).toHaveCount(12);
});
