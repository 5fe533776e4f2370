/** The frame of every page: document, skip link, navigation, header search, side panel, titles, weight. */
import { expect, test, type Page } from '@playwright/test';
import { KB, measureInFreshContext } from '../../scripts/page-weight.ts';

const NAV = [
  { label: 'דף הבית', href: '/' },
  { label: 'קטגוריות', href: '/categories' },
  { label: 'כל התיפלצים', href: '/products' },
  { label: 'אודות', href: '/about' },
  { label: 'צור קשר', href: '/contact' },
  { label: 'דף 404', href: '/404' },
];

const header = (page: Page) => page.getByRole('banner');

test.describe('every page', () => {
  for (const path of ['/about', '/contact', '/404']) {
    test(`${path}: Hebrew, right to left, header, main, footer, the account link`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'he');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(header(page)).toBeVisible();
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(header(page).getByRole('link', { name: 'חנות התיפלצים' })).toHaveAttribute('href', '/');
      await expect(header(page).getByRole('link', { name: 'התחברות' })).toHaveAttribute('href', '/sign-up');
    });
  }

  test('the font is self-hosted Heebo, Hebrew and Latin subsets only, nothing from another origin', async ({
    page,
    baseURL,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Heebo Variable"', 'שלום'))).toBe(true);
    const fonts = requests.filter((url) => url.endsWith('.woff2'));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/heebo-(hebrew|latin)-wght-normal\.[\w-]+\.woff2$/);
    for (const url of requests) expect(new URL(url).origin).toBe(new URL(baseURL!).origin);
  });

  test('each page has its own Hebrew title and description', async ({ page }) => {
    const seen = new Set<string>();
    for (const [path, title] of [
      ['/about', 'אודות | חנות התיפלצים'],
      ['/contact', 'צור קשר | חנות התיפלצים'],
      ['/404', 'העמוד לא נמצא | חנות התיפלצים'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description, path).toMatch(/[\u0590-\u05FF]{3}/);
      expect(seen.has(description!), `${path} repeats another page's description`).toBe(false);
      seen.add(description!);
    }
  });
});

test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
  await page.goto('/about');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'דלג לתוכן הראשי' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test.describe('navigation on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Hebrew labels in order, and the current page marked', async ({ page }) => {
    for (const current of ['/about', '/contact']) {
      await page.goto(current);
      const nav = header(page).getByRole('navigation', { name: 'ניווט ראשי' });
      await expect(nav).toBeVisible();
      const links = nav.getByRole('link');
      await expect(links).toHaveText(NAV.map((item) => item.label));
      for (const [index, item] of NAV.entries()) {
        await expect(links.nth(index)).toHaveAttribute('href', item.href);
        if (item.href === current) await expect(links.nth(index)).toHaveAttribute('aria-current', 'page');
        else await expect(links.nth(index)).not.toHaveAttribute('aria-current', /.*/);
      }
      await expect(page.locator('[aria-current="page"]:visible')).toHaveCount(1);
    }
    await expect(page.getByRole('button', { name: 'פתיחת התפריט' })).toBeHidden();
  });
});

test.describe('header search', () => {
  test('empty or blank text is ignored; text goes to /products?query=<URL-encoded>', async ({ page }) => {
    await page.goto('/about');
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    const field = header(page).getByRole('searchbox', { name: 'חיפוש תיפלצים' });
    await expect(field).toHaveAttribute('name', 'query');
    await expect(field).toHaveAttribute('placeholder', 'חיפוש תיפלצים...');
    await field.press('Enter');
    await field.fill('   ');
    await header(page).getByRole('button', { name: 'חיפוש', exact: true }).click();
    // A real search afterwards: if the empty ones had gone anywhere, there would be more than one navigation.
    await field.fill('  דרקון & co ');
    await field.press('Enter');
    await page.waitForURL((url) => url.pathname === '/products');
    expect(documents).toHaveLength(1);
    expect(documents[0]).toContain('/products?query=%D7%93%D7%A8%D7%A7%D7%95%D7%9F+%26+co');
    expect(new URL(page.url()).searchParams.get('query')).toBe('דרקון & co');
  });

  test('on /products the field starts with the URL query', async ({ page }) => {
    await page.goto(`/products?query=${encodeURIComponent('חד קרן & שות׳')}`);
    await expect(header(page).getByRole('searchbox', { name: 'חיפוש תיפלצים' })).toHaveValue('חד קרן & שות׳');
  });
});

/** Clicks a button and returns the transitions the side panel starts (property and duration). */
function clickAndReadPanelTransitions(page: Page, button: string) {
  return page.evaluate((selector) => {
    document.querySelector<HTMLButtonElement>(selector)!.click();
    return document
      .querySelector('#side-panel')!
      .getAnimations()
      .map((animation) => ({
        property: (animation as CSSTransition).transitionProperty,
        duration: animation.effect?.getTiming().duration,
      }));
  }, button);
}

test.describe('side panel on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const panel = (page: Page) => page.getByRole('dialog', { name: 'תפריט' });
  const toggle = (page: Page) => page.getByRole('button', { name: 'פתיחת התפריט' });

  async function open(page: Page) {
    await toggle(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  }

  test('the bar navigation collapses into a toggle; the panel slides in from the right in 500 ms, out in 300 ms', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(header(page).getByRole('navigation')).toBeHidden();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    // The transitions the browser starts (the logical inline-start offset is `right` in Hebrew).
    const opening = await clickAndReadPanelTransitions(page, '#side-panel-toggle');
    expect(opening).toContainEqual({ property: 'right', duration: 500 });
    await expect(panel(page)).toBeVisible();
    await page.evaluate(() =>
      Promise.all(
        document
          .querySelector('#side-panel')!
          .getAnimations()
          .map((animation) => animation.finished),
      ),
    );
    // Resting place: against the right edge (the inline start in Hebrew).
    const box = (await panel(page).boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(375);
    expect(box.x).toBeGreaterThan(0);
    const links = panel(page).getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('link');
    await expect(links).toHaveText(NAV.map((item) => item.label));
    await expect(links.filter({ hasText: 'אודות' })).toHaveAttribute('aria-current', 'page');
    const closing = await clickAndReadPanelTransitions(page, '[data-side-panel-close]');
    expect(closing).toContainEqual({ property: 'right', duration: 300 });
    await expect(panel(page)).toBeHidden();
  });

  test('Escape closes it and focus returns to the toggle', async ({ page }) => {
    await page.goto('/about');
    await open(page);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the backdrop closes it', async ({ page }) => {
    await page.goto('/about');
    await open(page);
    await page.mouse.click(20, 400); // left of the panel, on the backdrop
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('the close button closes it', async ({ page }) => {
    await page.goto('/about');
    await open(page);
    await panel(page).getByRole('button', { name: 'סגירת התפריט' }).click();
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
  });

  test('an item closes it and goes to its page', async ({ page }) => {
    await page.goto('/about');
    await open(page);
    await panel(page).evaluate((dialog) =>
      dialog.addEventListener('close', () => sessionStorage.setItem('panel-closed-by-item', String(Date.now()))),
    );
    await panel(page).getByRole('link', { name: 'צור קשר' }).click();
    await page.waitForURL('**/contact');
    expect(await page.evaluate(() => sessionStorage.getItem('panel-closed-by-item'))).not.toBeNull();
    await expect(panel(page)).toBeHidden();
  });

  test('focus stays inside while it is open, both ways', async ({ page }) => {
    await page.goto('/about');
    await open(page);
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('#side-panel')));
    expect(await inside()).toBe(true);
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `after Tab ${step + 1}`).toBe(true);
    }
    for (let step = 0; step < 10; step++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside(), `after Shift+Tab ${step + 1}`).toBe(true);
    }
  });

  test('reduced motion: no sliding', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    const opening = await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>('#side-panel-toggle')!.click();
      return document.querySelector('#side-panel')!.getAnimations().length;
    });
    expect(opening).toBe(0);
    await expect(panel(page)).toBeVisible();
    expect(await panel(page).evaluate((element) => getComputedStyle(element).transitionDuration)).toMatch(
      /^0s(, 0s)*$/,
    );
  });
});

test.describe('weight', () => {
  test('pages without an island load at most 10 KB gzip of JavaScript, and no framework', async ({
    browser,
    baseURL,
  }) => {
    for (const path of ['/about', '/404']) {
      const weight = await measureInFreshContext(browser, `${baseURL}${path}`);
      expect(weight.gzip, `${path}: ${JSON.stringify(weight.scripts)}`).toBeLessThanOrEqual(10 * KB);
      expect(
        weight.scripts.some((script) => /react|client\./.test(script.source)),
        path,
      ).toBe(false);
    }
  });

  test('the contact page, with its island, loads at most 110 KB gzip', async ({ browser, baseURL }) => {
    const weight = await measureInFreshContext(browser, `${baseURL}/contact`);
    expect(weight.gzip, JSON.stringify(weight.scripts)).toBeLessThanOrEqual(110 * KB);
  });
});
