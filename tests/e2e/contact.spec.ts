/** The contact page: the form island, its validation, sending, failures and the draft. */
import { expect, test, type Page } from '@playwright/test';
import { islandsHydrated } from '../helpers/catalogue.ts';

const form = (page: Page) => page.getByRole('form', { name: 'צור קשר' });
const subject = (page: Page) => form(page).getByRole('textbox', { name: 'נושא' });
const message = (page: Page) => form(page).getByRole('textbox', { name: 'הודעה' });
const submit = (page: Page) => form(page).getByRole('button', { name: 'שלח הודעה' });

/** The island is interactive once React has hydrated it. */
async function openContact(page: Page) {
  await page.goto('/contact');
  await islandsHydrated(page);
}

/** Checks that an error is shown right under its field and linked to it for screen readers. */
async function expectFieldError(page: Page, field: ReturnType<typeof subject>, text: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(text);
  const errorId = await field.getAttribute('aria-describedby');
  const error = page.locator(`[id="${errorId}"]`);
  await expect(error).toHaveText(text);
  const [fieldBox, errorBox] = [(await field.boundingBox())!, (await error.boundingBox())!];
  expect(errorBox.y).toBeGreaterThanOrEqual(fieldBox.y + fieldBox.height - 1);
  expect(errorBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(24);
}

test('the page: title, fields with their placeholders, six rows, the submit button', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('צור קשר | חנות התיפלצים');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('צור קשר');
  await expect(subject(page)).toHaveAttribute('placeholder', 'הכנס את נושא ההודעה');
  await expect(message(page)).toHaveAttribute('placeholder', 'כתוב את ההודעה שלך כאן...');
  await expect(message(page)).toHaveAttribute('rows', '6');
  expect(await message(page).evaluate((element) => element.tagName)).toBe('TEXTAREA');
  await expect(submit(page)).toBeVisible();
});

test('invalid input: errors under their fields, linked for screen readers, nothing sent', async ({ page }) => {
  let posts = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) posts++;
  });
  await openContact(page);
  await expect(subject(page)).toHaveAttribute('aria-invalid', 'false');
  await submit(page).click();
  await expectFieldError(page, subject(page), 'נושא הוא שדה חובה');
  await expectFieldError(page, message(page), 'ההודעה חייבת להכיל לפחות 10 תווים');
  await expect(subject(page)).toBeFocused();

  await subject(page).fill('   ');
  await message(page).fill('קצר מדי');
  await submit(page).click();
  await expectFieldError(page, subject(page), 'נושא הוא שדה חובה');
  await expectFieldError(page, message(page), 'ההודעה חייבת להכיל לפחות 10 תווים');

  await subject(page).fill('שאלה על דרקון');
  await expect(subject(page)).toHaveAttribute('aria-invalid', 'false');
  await expect(subject(page)).not.toHaveAttribute('aria-describedby', /.+/);
  expect(posts).toBe(0);
});

test('a valid message is sent, stored (201), and only then replaces the form', async ({ page }) => {
  await openContact(page);
  await subject(page).fill('  שאלה על דרקון  ');
  await message(page).fill('האם דרקון כיס מסתדר עם חתולים?');
  const [request, response] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST'),
    page.waitForResponse((r) => r.url().endsWith('/api/contact')),
    submit(page).click(),
  ]);
  expect(request.postDataJSON()).toEqual({ subject: 'שאלה על דרקון', message: 'האם דרקון כיס מסתדר עם חתולים?' });
  expect(response.status()).toBe(201);
  expect(await response.json()).toEqual({ _id: expect.any(String), createdAt: expect.any(String) });
  const done = page.getByRole('status').filter({ hasText: 'ההודעה שלך נשלחה בהצלחה!' });
  await expect(done).toBeVisible();
  await expect(done).toBeFocused();
  await expect(form(page)).toHaveCount(0);
  // Nothing left to restore: the draft went with the sent message.
  await page.reload();
  await islandsHydrated(page);
  await expect(subject(page)).toHaveValue('');
  await expect(message(page)).toHaveValue('');
});

test('while sending, the button is disabled', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await released;
    await route.fulfill({ status: 201, json: { _id: 'x', createdAt: new Date().toISOString() } });
  });
  await openContact(page);
  await subject(page).fill('נושא');
  await message(page).fill('הודעה ארוכה מספיק');
  const sent = page.waitForRequest('**/api/contact');
  await submit(page).click();
  await sent;
  await expect(submit(page)).toBeDisabled();
  release();
  await expect(page.getByText('ההודעה שלך נשלחה בהצלחה!')).toBeVisible();
});

test('a server error shows its message and keeps everything typed', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, json: { message: 'תיבת הדואר של התיפלצים מלאה' } }),
  );
  await openContact(page);
  await subject(page).fill('נושא חשוב');
  await message(page).fill('הודעה שאסור שתלך לאיבוד');
  await submit(page).click();
  const alert = form(page).getByRole('alert');
  await expect(alert).toContainText('שגיאה');
  await expect(alert).toContainText('תיבת הדואר של התיפלצים מלאה');
  await expect(subject(page)).toHaveValue('נושא חשוב');
  await expect(message(page)).toHaveValue('הודעה שאסור שתלך לאיבוד');
  await expect(submit(page)).toBeEnabled();
  await expect(page.getByText('ההודעה שלך נשלחה בהצלחה!')).toHaveCount(0);
});

test('no answer at all shows the no-response error and keeps the text', async ({ page }) => {
  await openContact(page);
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await subject(page).fill('נושא');
  await message(page).fill('הודעה בלי רשת');
  await submit(page).click();
  await expect(form(page).getByRole('alert')).toContainText('No response received from the server');
  await expect(subject(page)).toHaveValue('נושא');
  await expect(message(page)).toHaveValue('הודעה בלי רשת');

  // Once the network is back, the same text goes out.
  await page.unroute('**/api/contact');
  await submit(page).click();
  await expect(page.getByText('ההודעה שלך נשלחה בהצלחה!')).toBeVisible();
});

test('an accidental reload loses nothing typed', async ({ page }) => {
  await openContact(page);
  await subject(page).fill('טיוטה');
  await message(page).fill('שורה ראשונה\nשורה שנייה');
  await page.reload();
  await islandsHydrated(page);
  await expect(subject(page)).toHaveValue('טיוטה');
  await expect(message(page)).toHaveValue('שורה ראשונה\nשורה שנייה');
});

test('text typed before the form came alive is kept', async ({ page }) => {
  let hold!: () => void;
  const held = new Promise<void>((resolve) => (hold = resolve));
  await page.route(/\/_astro\/client\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  await subject(page).fill('מהר מדי');
  await message(page).fill('הקלדתי לפני שהטופס התעורר');
  hold();
  await islandsHydrated(page);
  await expect(subject(page)).toHaveValue('מהר מדי');
  await expect(message(page)).toHaveValue('הקלדתי לפני שהטופס התעורר');
  const request = page.waitForRequest('**/api/contact');
  await submit(page).click();
  expect((await request).postDataJSON()).toEqual({ subject: 'מהר מדי', message: 'הקלדתי לפני שהטופס התעורר' });
});

test('a send whose answer is lost is resent once with the same key, and stored once', async ({ page }) => {
  await openContact(page);
  const keys: string[] = [];
  const receipts: unknown[] = [];
  await page.route('**/api/contact', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const response = await route.fetch();
    receipts.push(await response.json());
    // The first answer never arrives (as when the server dies after storing): the form resends by itself.
    if (keys.length === 1) await route.abort('connectionreset');
    else await route.fulfill({ response });
  });
  await subject(page).fill('שאלה שנשלחת פעמיים');
  await message(page).fill('האם התשובה הראשונה הלכה לאיבוד?');
  await submit(page).click();
  await expect(page.getByText('ההודעה שלך נשלחה בהצלחה!')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{8,}$/);
  expect(keys[1]).toBe(keys[0]);
  // The resend got the first receipt: the server found the key and stored nothing new.
  expect(receipts[1]).toEqual(receipts[0]);
});
