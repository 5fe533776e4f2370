/** The frame of every page: document, skip link, navigation, header search, side panel, titles, weight. */
import { expect, test, type Page } from '@playwright/test';
import { layoutStrings } from '../../src/features/layout/strings.ts';
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

  test('the font is self-hosted Heebo: one preloaded file per weight draws Hebrew with its digits and punctuation, Latin letters come from their own file, nothing from another origin', async ({
    page,
    baseURL,
  }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto('/about', { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px Heebo', 'שלום, 123!'))).toBe(true);
    const preloaded = await page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
    expect(preloaded.length).toBeGreaterThan(0);
    for (const font of preloaded) expect(font).toMatch(/heebo-[1-9]00\.[\w-]+\.woff2$/);
    // Latin letters load their own small file when a text needs them, and are then drawn in Heebo.
    expect(await page.evaluate(() => document.fonts.load('16px Heebo', 'USB').then((faces) => faces.length))).toBe(1);
    expect(await page.evaluate(() => document.fonts.check('16px Heebo', 'שלום 123 USB'))).toBe(true);
    const fonts = requests.filter((url) => url.endsWith('.woff2'));
    expect(fonts.some((font) => /heebo-400-latin\.[\w-]+\.woff2$/.test(font))).toBe(true);
    for (const font of fonts) expect(font).toMatch(/heebo-[1-9]00(-latin)?\.[\w-]+\.woff2$/);
    expect(new Set(fonts).size, 'each file once').toBe(fonts.length);
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
    // With JavaScript the field is a combobox (its suggestions: tests/e2e/suggestions.spec.ts).
    const field = header(page).getByRole('combobox', { name: 'חיפוש תיפלצים' });
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
    await expect(header(page).getByRole('combobox', { name: 'חיפוש תיפלצים' })).toHaveValue('חד קרן & שות׳');
  });
});

/** Where the side panel is on screen (its left and right edges), or null when it is not shown. */
interface PanelPlace {
  left: number;
  right: number;
}

/** A place the panel must have been shown at. */
function shown(place: PanelPlace | null | undefined): PanelPlace {
  expect(place).toBeTruthy();
  return place!;
}

/**
 * Clicks a button, then holds every animation the page runs (whichever CSS property moves the panel)
 * and seeks them to each of `times` (ms after the click), reading where the panel is on screen at each.
 * Returns those places and, last, the place once every animation has run to its end.
 */
function clickAndTrackPanel(page: Page, button: string, times: number[]) {
  return page.evaluate(
    ({ selector, at }) => {
      const place = () => {
        const panel = document.querySelector<HTMLDialogElement>('#side-panel')!;
        if (getComputedStyle(panel).display === 'none') return null;
        const box = panel.getBoundingClientRect();
        return { left: Math.round(box.left * 10) / 10, right: Math.round(box.right * 10) / 10 };
      };
      document.querySelector<HTMLButtonElement>(selector)!.click();
      const animations = document.getAnimations();
      for (const animation of animations) animation.pause();
      const places = at.map((time) => {
        for (const animation of animations) animation.currentTime = time;
        return place();
      });
      for (const animation of animations) {
        if (Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) animation.finish();
        else animation.play();
      }
      return { places, end: place(), running: animations.length };
    },
    { selector: button, at: times },
  );
}

test.describe('side panel on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the page sends its links once, the panel shows them; without JavaScript the bar shows instead of a toggle', async ({
    page,
    request,
    browser,
  }) => {
    const sent = await (await request.get('/about')).text();
    expect(sent.match(/href="\/contact"/g)).toHaveLength(1);
    await page.goto('/about');
    await toggle(page).click();
    await expect(panel(page).getByRole('link')).toHaveText(layoutStrings.nav.map((item) => item.label));
    await expect(panel(page).getByRole('link', { name: 'אודות' })).toHaveAttribute('aria-current', 'page');

    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    const noScript = await context.newPage();
    await noScript.goto('/about');
    await expect(toggle(noScript)).toBeHidden();
    const bar = noScript.getByRole('navigation', { name: 'ניווט ראשי', exact: true });
    await expect(bar.getByRole('link')).toHaveText(layoutStrings.nav.map((item) => item.label));
    await bar.getByRole('link', { name: 'צור קשר' }).click();
    await expect(noScript).toHaveURL(/\/contact$/);
    await context.close();
  });

  const panel = (page: Page) => page.getByRole('dialog', { name: 'תפריט' });
  const toggle = (page: Page) => page.getByRole('button', { name: 'פתיחת התפריט' });

  async function open(page: Page) {
    await toggle(page).click();
    await expect(panel(page)).toBeVisible();
  }

  test('the bar navigation collapses into a toggle; the panel slides in from the right in 500 ms, out in 300 ms', async ({
    page,
  }) => {
    const WIDTH = 375;
    await page.goto('/about');
    await expect(header(page).getByRole('navigation')).toBeHidden();
    await expect(panel(page)).toBeHidden();

    // Opening: off screen beyond the right edge (the inline start in Hebrew) at the click, moving
    // leftwards all the way, still moving just before 500 ms and at rest against the right edge at 500 ms.
    const OPEN_AT = [0, 125, 250, 375, 475, 500, 600];
    const opening = await clickAndTrackPanel(page, '#side-panel-toggle', OPEN_AT);
    expect(opening.running).toBeGreaterThan(0);
    const opened = (ms: number) => shown(opening.places[OPEN_AT.indexOf(ms)]);
    expect(opened(0).left).toBeGreaterThanOrEqual(WIDTH - 1);
    for (const [before, after] of [
      [0, 125],
      [125, 250],
      [250, 375],
      [375, 475],
    ] as const)
      expect(opened(after).left, `moving left from ${before} to ${after} ms`).toBeLessThan(opened(before).left);
    const at500 = opened(500);
    expect(opened(475).left - at500.left, 'still moving at 475 ms').toBeGreaterThan(0.05);
    expect(at500.right).toBe(WIDTH);
    expect(at500.left).toBeGreaterThan(0);
    expect(opened(600)).toEqual(at500);
    expect(opening.end).toEqual(at500);
    await expect(panel(page)).toBeVisible();
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeCloseTo(at500.left, 0);
    expect(box.x + box.width).toBeCloseTo(at500.right, 0);

    const links = panel(page).getByRole('navigation', { name: 'ניווט ראשי' }).getByRole('link');
    await expect(links).toHaveText(NAV.map((item) => item.label));
    await expect(links.filter({ hasText: 'אודות' })).toHaveAttribute('aria-current', 'page');

    // Closing: from its place, moving right, still partly on screen just before 300 ms, gone at 300 ms.
    const CLOSE_AT = [0, 100, 200, 290, 300];
    const closing = await clickAndTrackPanel(page, '[data-side-panel-close]', CLOSE_AT);
    expect(closing.running).toBeGreaterThan(0);
    const closed = (ms: number) => shown(closing.places[CLOSE_AT.indexOf(ms)]);
    expect(closed(0)).toEqual(at500);
    for (const [before, after] of [
      [0, 100],
      [100, 200],
      [200, 290],
    ] as const)
      expect(closed(after).left, `moving right from ${before} to ${after} ms`).toBeGreaterThan(closed(before).left);
    expect(closed(290).left, 'still on screen at 290 ms').toBeLessThan(WIDTH);
    const at300 = closing.places[CLOSE_AT.indexOf(300)];
    if (at300) expect(at300.left, 'off screen at 300 ms').toBeGreaterThanOrEqual(WIDTH - 1);
    expect(closing.end).toBeNull();
    await expect(panel(page)).toBeHidden();
  });

  test('Escape closes it and focus returns to the toggle', async ({ page }) => {
    await page.goto('/about');
    await open(page);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toBeFocused();
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

  test('reduced motion: no sliding, the panel is in place at once and gone at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/about');
    const opening = await clickAndTrackPanel(page, '#side-panel-toggle', [0]);
    expect(opening.end!.right).toBe(375);
    expect(opening.places).toEqual([opening.end]);
    await expect(panel(page)).toBeVisible();
    const closing = await clickAndTrackPanel(page, '[data-side-panel-close]', [0]);
    expect(closing.places).toEqual([null]);
    await expect(panel(page)).toBeHidden();
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
