/** The about page: server-rendered HTML from the copy the database holds, the team with its initials fallback. */
import { expect, test } from '@playwright/test';

const TEAM = [
  { name: 'נועה בן־דרקון', role: 'מייסדת ומנכ״לית', initials: 'נב', picture: true },
  { name: 'איתי פרוותי', role: 'מנהל הטיפול בבעלי החיים', initials: 'אפ', picture: true },
  { name: 'ד״ר מיכל קשקשי', role: 'וטרינרית ראשית', initials: 'מק', picture: true },
  { name: 'עומר זנבי', role: 'מנהל שיווק', initials: 'עז', picture: false },
];

test('headings and copy: about, mission, story since 2010, team', async ({ page }) => {
  const response = await page.goto('/about');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('אודות | חנות התיפלצים');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('על התיפלצים שלנו');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['המשימה שלנו', 'הסיפור שלנו', 'הצוות שלנו']);
  const mission = page.getByRole('region', { name: 'המשימה שלנו' });
  await expect(mission).toContainText('משפחות');
  await expect(mission).toContainText('רווחתן של כל החיות');
  const story = page.getByRole('region', { name: 'הסיפור שלנו' });
  await expect(story).toContainText('אהבה לבעלי חיים');
  await expect(story).toContainText('2010');
});

test('the page is static HTML: everything shows without JavaScript', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseURL}/about`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('על התיפלצים שלנו');
  await expect(page.getByTestId('team-member')).toHaveCount(4);
  await context.close();
});

test('four team members with name and role; a member without a picture shows the initials', async ({ page }) => {
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) notFound.push(response.url());
  });
  await page.goto('/about');
  const members = page.getByTestId('team-member');
  await expect(members).toHaveCount(4);
  for (const [index, member] of TEAM.entries()) {
    const card = members.nth(index);
    await expect(card).toContainText(member.name);
    await expect(card).toContainText(member.role);
    await expect(card.getByTestId('avatar-initials')).toHaveText(member.initials);
    if (member.picture) {
      const picture = card.locator('img');
      await expect(picture).toHaveCount(1);
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      await expect(picture).toHaveAttribute('width', '96');
      await expect(picture).toHaveAttribute('height', '96');
    } else {
      // No picture asked for: the initials are what shows.
      await expect(card.locator('img')).toHaveCount(0);
      await expect(card.getByTestId('avatar-initials')).toBeVisible();
    }
  }
  // Nothing on the page is missing (no 404 for a picture and no console error for it).
  expect(notFound).toEqual([]);
});

test('pictures that fail to load fall back to initials', async ({ page }) => {
  let failed = 0;
  await page.route('**/team/*.svg', (route) => {
    failed++;
    return route.abort();
  });
  await page.goto('/about');
  const members = page.getByTestId('team-member');
  for (const [index, member] of TEAM.entries()) {
    await expect(members.nth(index).locator('img')).toHaveCount(0);
    await expect(members.nth(index).getByTestId('avatar-initials')).toHaveText(member.initials);
  }
  // Every member with a picture asked for it (the one without asks for nothing).
  expect(failed).toBe(TEAM.filter((member) => member.picture).length);
});
