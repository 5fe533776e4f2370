/**
 * The content editor (/admin/pages/{page}) in Chromium, signed in as an editor (a minted token with
 * `metadata.role: editor`): the keyboard-only journey (add a section, write it, move it, save, see it
 * on /about), the preview rendered as the public page, a stale save that keeps what was typed, a draft
 * kept across an ended session, the XSS payloads running nowhere, and axe with the preview open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { routeFrontendApi, sessionJSON, type FrontendApiState } from './fixtures/clerk/frontend-api.ts';
import { CLERK_BASE_URL } from './fixtures/clerk/servers.ts';
import { adminApiAs, mintTestToken, signInWithCookies } from './fixtures/clerk/session-token.ts';
import { XSS_PAYLOADS } from '../helpers/xss-payloads.ts';
import { reading } from './fixtures/admin.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';

const EDITOR = { userId: 'user_2tiflatzimeditor0000001', sessionId: 'sess_2tiflatzimeditor0000001' };
const t = adminStrings.pages;

async function signIn(context: BrowserContext): Promise<FrontendApiState> {
  const token = await signInWithCookies(context, CLERK_BASE_URL, { role: 'editor', user: EDITOR });
  const state: FrontendApiState = { signIn: null, session: sessionJSON(token) };
  await routeFrontendApi(context, state);
  return state;
}

async function openEditor(page: Page, name: 'about' | 'accessibility') {
  await page.goto(`/admin/pages/${name}`);
  await islandsHydrated(page);
}

/** The content API as another editor's browser calls it. */
const asOtherEditor = (page: Page, path: string, init?: Parameters<typeof adminApiAs>[4]) =>
  adminApiAs(page, CLERK_BASE_URL, { role: 'editor', user: EDITOR }, path, init);

test.describe('the content editor', () => {
  test.use({ baseURL: CLERK_BASE_URL });
  test.describe.configure({ mode: 'serial' });

  test('by keyboard only: add a section, write it, move it up, save, and see it on /about', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await openEditor(page, 'about');
    const add = page.getByRole('button', { name: t.addSection });
    await add.focus();
    await page.keyboard.press('Enter');
    const heading = page.locator(':focus');
    await expect(heading).toHaveAttribute('id', /^section-s-[0-9a-f]{8}-heading$/);
    const id = (await heading.getAttribute('id'))!.replace(/-heading$/, '');
    await page.keyboard.type('השעות שלנו');
    await page.keyboard.press('Tab');
    await expect(page.locator(`#${id}-body`)).toBeFocused();
    await page.keyboard.type('פתוחים *כל יום*, גם בלילה.');
    // To the new section's "move up" button, and up past the team section.
    await page.keyboard.press('Tab');
    await expect(page.locator(`#${id}-up`)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator(`#${id}-up`)).toBeFocused();
    await expect(page.getByRole('group', { name: t.section(4) }).locator(`#${id}-heading`)).toHaveValue('השעות שלנו');
    // The preview shows it as the page will, before saving.
    const preview = page.getByRole('region', { name: t.preview });
    await expect(preview.getByRole('heading', { level: 3 })).toHaveText([
      'המשימה שלנו',
      'הסיפור שלנו',
      'השעות שלנו',
      'הצוות שלנו',
    ]);
    await expect(preview.locator('em')).toHaveText('כל יום');
    await page.getByRole('button', { name: t.save }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/נשמר ופורסם \(גרסה \d+\)/)).toBeVisible();

    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'המשימה שלנו',
      'הסיפור שלנו',
      'השעות שלנו',
      'הצוות שלנו',
    ]);
    await expect(page.getByRole('region', { name: 'השעות שלנו' }).locator('em')).toHaveText('כל יום');
  });

  test('the history lists every version with who and when; restoring the first one publishes it as a new version', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await openEditor(page, 'about');
    const history = page.getByRole('table', { name: t.historyCaption });
    await expect(history.getByRole('row').last()).toContainText(t.seed);
    await history.getByRole('button', { name: t.viewVersion(1) }).click();
    const shown = page.getByRole('region', { name: t.viewVersion(1) });
    await expect(shown.getByRole('heading', { level: 3 })).not.toContainText(['השעות שלנו']);
    await history.getByRole('button', { name: t.restore(1) }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.confirmRestoreButton }).click();
    await expect(page.getByText(/גרסה 1 שוחזרה ופורסמה כגרסה \d+/)).toBeVisible();
    await expect(history.getByRole('row').nth(1)).toContainText('(שחזור של גרסה 1)');
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['המשימה שלנו', 'הסיפור שלנו', 'הצוות שלנו']);
  });

  test('someone else saved first: the editor says so, keeps what was typed, and loads the other change on request', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await openEditor(page, 'accessibility');
    const first = page.getByRole('group', { name: t.section(1) }).getByLabel(t.heading);
    await first.fill('כותרת שהקלדתי ולא רוצה לאבד');
    const current = await asOtherEditor(page, '/pages/accessibility');
    const sections = current.body.sections as { heading: string }[];
    const other = await asOtherEditor(page, '/pages/accessibility', {
      method: 'PUT',
      ifMatch: `"v${String(current.body.version)}"`,
      body: { sections: [{ ...sections[0], heading: 'הצהרת נגישות מעודכנת' }, ...sections.slice(1)], team: [] },
    });
    expect(other.status).toBe(200);
    await page.getByRole('button', { name: t.save }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('מישהו אחר שמר את הדף');
    await expect(first).toHaveValue('כותרת שהקלדתי ולא רוצה לאבד');
    // Both changed the first section: the editor takes the other one for it.
    await alert.getByRole('radio', { name: adminStrings.conflicts.takeTheirs(t.section(1)) }).check();
    await alert.getByRole('button', { name: adminStrings.conflicts.apply }).click();
    await expect(first).toHaveValue('הצהרת נגישות מעודכנת');
  });

  test('a session that ended while typing keeps the draft, and it saves after signing in again', async ({
    page,
    context,
  }) => {
    const clerk = await signIn(context);
    await openEditor(page, 'accessibility');
    const body = page.getByRole('group', { name: t.section(2) }).getByLabel(t.body);
    await body.fill('טקסט חדש שהקלדתי לפני שהחיבור פג.');
    clerk.session = null;
    const { token } = mintTestToken(CLERK_BASE_URL, { role: 'editor', user: EDITOR, lifetimeSeconds: -60 });
    await page.route('**/api/admin/**', async (route) => {
      const headers = await route.request().allHeaders();
      const others = (headers.cookie ?? '').split('; ').filter((c) => c && !c.startsWith('__session='));
      await route.fulfill({
        response: await route.fetch({ headers: { ...headers, cookie: [...others, `__session=${token}`].join('; ') } }),
      });
    });
    await page.getByRole('button', { name: t.save }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('link', { name: adminStrings.form.signIn })).toHaveAttribute(
      'href',
      `/sign-in?redirect_url=${encodeURIComponent('/admin/pages/accessibility')}`,
    );
    await expect(body).toHaveValue('טקסט חדש שהקלדתי לפני שהחיבור פג.');
    await page.unrouteAll();
    await signIn(context);
    // Leaving with unsaved changes asks (the browser's beforeunload): yes.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByText(t.draftRestored)).toBeVisible();
    await expect(body).toHaveValue('טקסט חדש שהקלדתי לפני שהחיבור פג.');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(/נשמר ופורסם/)).toBeVisible();
    await page.goto('/accessibility');
    await expect(page.getByRole('main')).toContainText('טקסט חדש שהקלדתי לפני שהחיבור פג.');
  });

  test('the XSS payloads run nowhere: not in the preview, not on the saved page', async ({ page, context }) => {
    await signIn(context);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openEditor(page, 'accessibility');
    const section = page.getByRole('group', { name: t.section(1) });
    await section.getByLabel(t.heading).fill(XSS_PAYLOADS[2]);
    await section.getByLabel(t.body).fill(XSS_PAYLOADS.join('\n\n'));
    const preview = page.getByRole('region', { name: t.preview });
    await expect(preview.getByRole('heading', { level: 2, name: XSS_PAYLOADS[2] })).toBeVisible();
    const unsafe =
      'script, iframe, svg, img, style, details, [onerror], [onload], a[href^="javascript:"], a[href^="//"]';
    await expect(preview.locator(unsafe)).toHaveCount(0);
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(/נשמר ופורסם/)).toBeVisible();
    await page.goto('/accessibility');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(XSS_PAYLOADS[2]);
    await expect(page.getByRole('main').locator(unsafe)).toHaveCount(0);
    await expect(page.locator('main a[href^="javascript:"], main a[href^="data:"], main a[href^="//"]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });

  test('the history marks the live version, compares two versions, and asks before a restore publishes', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await openEditor(page, 'about');
    // A version to compare with: the first section's heading changed.
    const heading = page.getByRole('group', { name: t.section(1) }).getByLabel(t.heading);
    const old = await heading.inputValue();
    await heading.fill('כותרת חדשה לפרק הראשון');
    await page.getByRole('button', { name: t.save }).click();
    const saved = page.getByText(/נשמר ופורסם \(גרסה \d+\)/);
    await expect(saved).toBeVisible();
    const live = Number((await saved.innerText()).match(/\d+/)![0]);
    const history = page.getByRole('table', { name: t.historyCaption });
    const newest = history.getByRole('row').nth(1);
    // The history is read again after the save: until then its newest row is the version before.
    await expect(newest.getByRole('cell').first()).toHaveText(new RegExp(`^${live}\\b`));
    await expect(newest).toContainText(t.live);
    await expect(history.getByText(t.live)).toHaveCount(1);

    await page.getByLabel(t.compareFrom).selectOption(String(live - 1));
    await page.getByLabel(t.compareTo).selectOption(String(live));
    await page.getByRole('button', { name: t.compareButton }).click();
    const compared = page.getByRole('region', { name: t.compared(live - 1, live) });
    const first = compared.locator('[data-change$=".heading"]');
    await expect(first).toBeVisible();
    expect(await reading(first)).toEqual({
      cells: [`${t.section(1)}: ${adminStrings.fields.heading}`, old, 'כותרת חדשה לפרק הראשון'],
      direction: 'rtl',
    });

    // A restore asks first; saying no publishes nothing.
    await history.getByRole('button', { name: t.restore(live - 1) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t.confirmRestore(live - 1, live));
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(history.getByRole('row').nth(1)).toContainText(t.live);
    expect((await asOtherEditor(page, '/pages/about')).body.version).toBe(live);
    await history.getByRole('button', { name: t.restore(live - 1) }).click();
    await dialog.getByRole('button', { name: t.confirmRestoreButton }).click();
    await expect(page.getByText(t.restored(live - 1, live + 1))).toBeVisible();
    await expect(heading).toHaveValue(old);
  });

  test('another save of the page is shown beside mine, section by section, and merged', async ({ page, context }) => {
    await signIn(context);
    await openEditor(page, 'accessibility');
    const mine = page.getByRole('group', { name: t.section(1) }).getByLabel(t.heading);
    await mine.fill('הכותרת שלי');
    const current = await asOtherEditor(page, '/pages/accessibility');
    const sections = current.body.sections as { id: string; heading: string; body: string; order: number }[];
    const saved = await asOtherEditor(page, '/pages/accessibility', {
      method: 'PUT',
      ifMatch: `"v${String(current.body.version)}"`,
      body: {
        sections: [sections[0], { ...sections[1], body: 'הגוף ששמר עורך אחר.' }, ...sections.slice(2)],
        team: [],
      },
    });
    expect(saved.status).toBe(200);
    await page.getByRole('button', { name: t.save }).click();
    const alert = page.getByRole('alert');
    await expect(alert.locator('[data-conflict]')).toHaveCount(2);
    const [one, two] = [
      alert.locator(`[data-conflict="sections:${sections[0]!.id}"]`),
      alert.locator(`[data-conflict="sections:${sections[1]!.id}"]`),
    ];
    await expect(one.getByRole('radio', { name: adminStrings.conflicts.keepMine(t.section(1)) })).toBeChecked();
    await expect(two.getByRole('radio', { name: adminStrings.conflicts.takeTheirs(t.section(2)) })).toBeChecked();
    await expect(two).toContainText('הגוף ששמר עורך אחר.');
    await alert.getByRole('button', { name: adminStrings.conflicts.apply }).click();
    await expect(mine).toHaveValue('הכותרת שלי');
    await expect(page.getByRole('group', { name: t.section(2) }).getByLabel(t.body)).toHaveValue('הגוף ששמר עורך אחר.');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(/נשמר ופורסם/)).toBeVisible();
    const after = (await asOtherEditor(page, '/pages/accessibility')).body.sections as typeof sections;
    expect([after[0]!.heading, after[1]!.body]).toEqual(['הכותרת שלי', 'הגוף ששמר עורך אחר.']);
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const width of [375, 1280]) {
      test(`axe finds nothing on the editor with the preview open (${theme}, ${width}px)`, async ({
        page,
        context,
      }) => {
        await signInWithCookies(context, CLERK_BASE_URL, { role: 'editor', user: EDITOR });
        await context.route(/\/clerk\/|clerk\.tiflatzim\.test/, (route) => route.abort());
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript((value) => {
          localStorage.setItem('theme-storage', JSON.stringify({ state: { theme: value }, version: 0 }));
        }, theme);
        await openEditor(page, 'about');
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        if (width < 1024) await page.getByRole('button', { name: t.showPreview }).click();
        await expect(page.getByRole('region', { name: t.preview })).toBeVisible();
        await expect(page.getByRole('table', { name: t.historyCaption }).getByRole('row').nth(1)).toBeVisible();
        // Two versions compared: one saved now, beside the one before it.
        const current = await asOtherEditor(page, '/pages/about');
        const resaved = await asOtherEditor(page, '/pages/about', {
          method: 'PUT',
          ifMatch: `"v${String(current.body.version)}"`,
          body: { sections: current.body.sections, team: current.body.team },
        });
        expect(resaved.status).toBe(200);
        await page.reload();
        if (width < 1024) await page.getByRole('button', { name: t.showPreview }).click();
        await page.getByRole('button', { name: t.compareButton }).click();
        await expect(page.getByRole('region', { name: /מה השתנה מגרסה/ })).toBeVisible();
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
          .analyze();
        const summary = results.violations.map(
          (violation) =>
            `${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
        );
        expect(summary, summary.join('\n')).toEqual([]);
      });
    }
  }
});
