/**
 * One animal (/products/{id}): picture with hover caption, name, description, stars,
 * reviews, price, stock, category link; the purchase dialog (limits, clamping, focus);
 * sold out; unknown and malformed ids → 404 with the server's message.
 */
import { expect, test, type Page } from '@playwright/test';
import { seedAnimal, seedAnimals } from '../helpers/catalogue.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';
import { starsDrawn } from '../helpers/stars-drawn.ts';

async function openAnimal(page: Page, slug: string) {
  const animal = seedAnimal(slug);
  const response = await page.goto(`/products/${animal.id}`);
  expect(response?.status()).toBe(200);
  await islandsHydrated(page);
  return animal;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'השלמת הרכישה' });
const buyButton = (page: Page) => page.getByRole('button', { name: 'קנה עכשיו' });
const quantity = (page: Page) => dialog(page).getByRole('spinbutton', { name: 'כמות' });

test('shows picture, caption on hover, name, description, stars, reviews, price, stock and category', async ({
  page,
}) => {
  const owl = await openAnimal(page, 'rainbow-owl');
  expect(owl.rating).toBe(4.5);
  await expect(page).toHaveTitle(new RegExp(`^${owl.name} \\| `));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(owl.name));

  const picture = page.getByRole('article').locator('figure img');
  await expect(picture).toHaveAttribute('src', `/art/animals/${owl.slug}.svg`);
  await expect(picture).toHaveAttribute('alt', owl.name);
  await expect(picture).toHaveAttribute('width', '480');
  await expect(picture).toHaveAttribute('height', '360');
  expect((await picture.boundingBox())!.width).toBeGreaterThan(400);
  const caption = page.getByRole('article').locator('figcaption');
  await expect(caption).toHaveText('אולי זה יהיה החבר החדש שלך?');
  await expect(caption).toHaveCSS('opacity', '0');
  await picture.hover();
  await expect(caption).toHaveCSS('opacity', '1');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(owl.name);
  await expect(page.locator('.animal-description')).toHaveText(owl.description);
  const stars = page.getByRole('img', { name: /^דירוג/ });
  await expect(stars).toHaveAttribute('role', 'img');
  await expect(stars).toHaveAttribute('aria-label', 'דירוג 4.5 מתוך 5');
  // Polled: the stars are drawn once the icon sprite has arrived.
  await expect.poll(() => starsDrawn(stars)).toEqual([true, true, true, true, false]);
  await expect(page.getByRole('article').getByText(/ביקורות$/)).toHaveText(`${owl.numReviews} ביקורות`);
  await expect(page.locator('.animal-price')).toContainText('₪2,400');
  await expect(page.locator('.animal-in-stock, .animal-sold-out')).toHaveText('3 במלאי');
  const categoryLink = page.getByRole('link', { name: /^לקטגוריה:/ });
  await expect(categoryLink).toHaveText(`לקטגוריה: ${owl.category.name}`);
  await categoryLink.click();
  await expect(page).toHaveURL(`/categories/${owl.category.slug}`);
});

test('the number of filled stars is the floor of the rating', async ({ page }) => {
  const picks = [
    seedAnimals.find((animal) => animal.rating >= 4.9),
    seedAnimals.find((animal) => animal.rating < 4 && animal.rating >= 3),
    seedAnimals.find((animal) => Number.isInteger(animal.rating)),
  ].filter((animal) => animal !== undefined);
  expect(picks.length).toBeGreaterThanOrEqual(2);
  for (const animal of picks) {
    await page.goto(`/products/${animal.id}`);
    const filled = Math.floor(animal.rating);
    await expect
      .poll(() => starsDrawn(page.getByRole('img', { name: /^דירוג/ })), animal.slug)
      .toEqual(Array.from({ length: 5 }, (_, star) => star < filled));
  }
});

test('prices carry the shekel sign and thousands separators', async ({ page }) => {
  await openAnimal(page, 'sky-whale');
  await expect(page.locator('.animal-price')).toContainText('₪48,500');
  await expect(page.locator('.animal-in-stock, .animal-sold-out')).toHaveText('1 במלאי');
});

test('buy now opens the purchase dialog: title, text, read-only name and price, quantity 1..stock', async ({
  page,
}) => {
  const owl = await openAnimal(page, 'rainbow-owl');
  await expect(dialog(page)).toBeHidden();
  await buyButton(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toHaveText('השלמת הרכישה');
  await expect(dialog(page)).toContainText('אתם עומדים להביא הביתה חבר חדש, אנא אשרו את הפרטים הבאים');
  // Modal: the page behind is inert.
  expect(await dialog(page).evaluate((element) => (element as HTMLDialogElement).matches(':modal'))).toBe(true);

  const name = dialog(page).getByRole('textbox', { name: 'שם התיפלץ' });
  await expect(name).toHaveValue(owl.name);
  await expect(name).toHaveJSProperty('readOnly', true);
  const price = dialog(page).getByRole('textbox', { name: 'מחיר' });
  await expect(price).toHaveValue('₪2,400');
  await expect(price).toHaveJSProperty('readOnly', true);

  await expect(quantity(page)).toHaveValue('1');
  await expect(quantity(page)).toHaveAttribute('type', 'number');
  await expect(quantity(page)).toHaveAttribute('min', '1');
  await expect(quantity(page)).toHaveAttribute('max', '3');
  await expect(dialog(page)).toContainText('אפשר להזמין בין 1 ל-3');
});

test('a quantity outside 1..stock is marked while typed, kept, and brought into range on confirm', async ({ page }) => {
  await openAnimal(page, 'rainbow-owl');
  await buyButton(page).click();
  const note = dialog(page).getByTestId('quantity-note');
  await quantity(page).fill('2');
  await quantity(page).press('Tab');
  await expect(quantity(page)).toHaveValue('2');
  await expect(quantity(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(note).toHaveText('');

  // Too many: marked and explained while typing; what was typed stays.
  await quantity(page).fill('9');
  await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(note).toHaveText('יש במלאי רק 3.');
  await quantity(page).press('Tab');
  await expect(quantity(page)).toHaveValue('9');
  // Confirm brings it into range, says so, and keeps the dialog open with focus on the field.
  await dialog(page).getByRole('button', { name: 'אישור הרכישה' }).click();
  await expect(dialog(page)).toBeVisible();
  await expect(quantity(page)).toHaveValue('3');
  await expect(note).toHaveText('יש במלאי רק 3. הכמות עודכנה ל-3.');
  await expect(quantity(page)).toBeFocused();
  await expect(quantity(page)).not.toHaveAttribute('aria-invalid', 'true');

  for (const [typed, value, text] of [
    ['0', '1', 'הכמות המינימלית היא 1. הכמות עודכנה ל-1.'],
    ['-4', '1', 'הכמות המינימלית היא 1. הכמות עודכנה ל-1.'],
    ['', '1', 'יש להזין כמות. הכמות עודכנה ל-1.'],
    ['2.5', '2', 'אפשר להזמין רק מספר שלם של תיפלצים. הכמות עודכנה ל-2.'],
  ] as const) {
    await quantity(page).fill(typed);
    await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
    await quantity(page).press('Enter');
    await expect(quantity(page), typed).toHaveValue(value);
    await expect(note).toHaveText(text);
  }

  // Arrow keys stop at the limits the field declares.
  await quantity(page).fill('1');
  for (let press = 0; press < 5; press += 1) await quantity(page).press('ArrowUp');
  await expect(quantity(page)).toHaveValue('3');

  // A valid quantity: confirm closes; reopening starts again at 1.
  await dialog(page).getByRole('button', { name: 'אישור הרכישה' }).click();
  await expect(dialog(page)).toBeHidden();
  await buyButton(page).click();
  await expect(quantity(page)).toHaveValue('1');
  await expect(note).toHaveText('');
});

test('confirm, Escape, the close button and cancel close the dialog, and focus returns to buy now', async ({
  page,
}) => {
  const requests: string[] = [];
  await openAnimal(page, 'rainbow-owl');
  // Nothing is sent: the only requests are the dialog's own code, fetched when first asked for.
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') requests.push(`${request.method()} ${request.url()}`);
  });

  await buyButton(page).click();
  await expect(quantity(page)).toBeFocused();
  await dialog(page).getByRole('button', { name: 'אישור הרכישה' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(buyButton(page)).toBeFocused();
  expect(requests).toEqual([]);

  await buyButton(page).press('Enter');
  await expect(dialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(buyButton(page)).toBeFocused();

  await buyButton(page).click();
  await dialog(page).getByRole('button', { name: 'סגירה' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(buyButton(page)).toBeFocused();

  await buyButton(page).click();
  await dialog(page).getByRole('button', { name: 'ביטול' }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(buyButton(page)).toBeFocused();

  // Focus stays inside the open dialog.
  await buyButton(page).click();
  for (let step = 0; step < 10; step += 1) {
    await page.keyboard.press('Tab');
    const inside = await dialog(page).evaluate((element) => element.contains(document.activeElement));
    const onPage = await page.evaluate(() => document.activeElement === document.body);
    expect(inside || onPage, `tab ${step}`).toBe(true);
  }
});

test('the dialog’s form is made when asked: not in the page, its code fetched on the first pointer over buy now', async ({
  page,
}) => {
  const owl = seedAnimal('rainbow-owl');
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') fetched.push(request.url());
  });
  const response = await page.goto(`/products/${owl.id}`);
  const html = await response!.text();
  // The page carries the button and the dialog's title, not its form.
  expect(html).toContain('קנה עכשיו');
  const shell = /<dialog id="purchase".*?<\/dialog>/s.exec(html)?.[0] ?? '';
  expect(shell).toContain('השלמת הרכישה');
  expect(shell).not.toMatch(/<input|<form\b|<button|אישור הרכישה/);
  await page.waitForLoadState('load');
  await expect(page.locator('dialog[data-purchase] input')).toHaveCount(0);
  const formCode = () => fetched.filter((url) => /\/PurchaseForm\.[^/]+\.js$/.test(url));
  // Its behaviour has loaded (after the first paint) and waits for the shopper.
  await expect.poll(() => fetched.some((url) => /\/purchase\.[^/]+\.js$/.test(url))).toBe(true);
  expect(formCode()).toEqual([]);
  await buyButton(page).hover();
  await expect.poll(formCode).toHaveLength(1);
  // Drawn into the dialog when it opens.
  await buyButton(page).click();
  await expect(quantity(page)).toBeFocused();
  await expect(dialog(page).getByRole('textbox', { name: 'שם התיפלץ' })).toHaveValue(owl.name);
});

test('without JavaScript, buy now opens the dialog, which says the purchase needs it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/products/${seedAnimal('rainbow-owl').id}`);
  await buyButton(page).click();
  await expect(dialog(page)).toBeVisible();
  // What is shown (innerText): Playwright's own text skips <noscript>, and keeps what CSS hides.
  await expect(dialog(page)).toContainText('כדי להשלים את הרכישה יש להפעיל JavaScript בדפדפן.', { useInnerText: true });
  await expect(dialog(page)).not.toContainText('טוען את טופס הרכישה', { useInnerText: true });
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await context.close();
});

test('an animal with no stock is sold out and cannot be bought', async ({ page }) => {
  const lizard = await openAnimal(page, 'kite-lizard');
  expect(lizard.countInStock).toBe(0);
  await expect(page.locator('.animal-in-stock, .animal-sold-out')).toHaveText('אזל מהמלאי');
  await expect(buyButton(page)).toBeDisabled();
  await buyButton(page).click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // No island on a sold-out page: nothing to buy, nothing to load.
  await expect(page.locator('astro-island')).toHaveCount(0);
});

for (const [label, id] of [
  ['unknown', 'ffffffffffffffffffffffff'],
  ['malformed', 'not-an-id'],
] as const) {
  test(`an ${label} id answers 404 with the error box and the server's message`, async ({ page }) => {
    const response = await page.goto(`/products/${id}`);
    expect(response?.status()).toBe(404);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading')).toHaveText('שגיאה');
    await expect(alert).toContainText('התיפלץ לא נמצא');
    await expect(page).toHaveTitle(/התיפלץ לא נמצא/);
    await expect(buyButton(page)).toHaveCount(0);
  });
}
