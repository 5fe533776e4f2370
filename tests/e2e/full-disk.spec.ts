/**
 * A full disk loses nothing (docs/operations.md#a-full-disk): the production server (`node scripts/serve.ts`,
 * port E2E_PORT + 31) on a 24 MiB tmpfs the test mounts and fills, with scheduled backups into it. Every
 * write that finds no room — a contact message, the owner's save — is answered 503 with the Hebrew text,
 * and the form in Chromium keeps what was typed; pages and searches keep answering; the backup that runs out
 * of space fails cleanly and the last good one stays; the log and /metrics say what happened; once the
 * space is freed the same forms send and save. Afterwards: every acknowledged message stored once, and
 * `integrity_check` passes. Where the test cannot mount a tmpfs it skips, saying why (in CI it fails).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { adminStrings } from '../../src/features/admin/strings.ts';
import { apiMessages } from '../../src/server/api/messages.ts';
import { inCI } from '../helpers/postgres.ts';
import { ProductionServer } from '../helpers/production-server.ts';
import { parseExposition, sampleValue } from '../helpers/prometheus-text.ts';
import { mountSmallDisk, type SmallDisk } from '../helpers/small-disk.ts';
import { routeFrontendApi, sessionJSON } from './fixtures/clerk/frontend-api.ts';
import { clerkServerEnv } from './fixtures/clerk/servers.ts';
import { signInWithCookies, TEST_JWT_PUBLIC_KEY } from './fixtures/clerk/session-token.ts';
import { islandsHydrated } from '../helpers/catalogue.ts';

const PORT = Number(process.env.E2E_PORT ?? 4400) + 31;
const METRICS_TOKEN = 'full-disk-test-metrics-token';
const OWNER = { userId: 'user_2tiflatzimowner00000001', sessionId: 'sess_2tiflatzimowner00000001' };

let disk: SmallDisk | string;
let server: ProductionServer | undefined;

test.beforeAll(async () => {
  disk = mountSmallDisk();
  if (typeof disk === 'string') return;
  server = new ProductionServer(PORT, {
    DATABASE_PATH: join(disk.folder, 'shop.db'),
    BACKUP_DIR: join(disk.folder, 'backups'),
    BACKUP_EVERY: '2s',
    BACKUP_KEEP: '1',
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    ...clerkServerEnv(TEST_JWT_PUBLIC_KEY),
  });
  await server.start();
});
test.afterAll(async () => {
  await server?.stop();
  if (typeof disk !== 'string') disk?.unmount();
});

const backups = () => readdirSync(join((disk as SmallDisk).folder, 'backups')).sort();

async function metric(name: string): Promise<number> {
  const answer = await fetch(`${server!.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  return sampleValue(parseExposition(await answer.text()), name);
}

const sendMessage = (key: string) =>
  fetch(`${server!.url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify({ subject: 'דיסק מלא', message: `הודעה ${key} שנשלחה כשהדיסק התמלא` }),
  });

const contactForm = (page: Page) => page.getByRole('form', { name: 'צור קשר' });

async function openIsland(page: Page, path: string) {
  await page.goto(`${server!.url}${path}`);
  await islandsHydrated(page);
}

test('a full disk: 503 in Hebrew, forms keep what was typed, pages answer, backups fail cleanly, all comes back', async ({
  page,
  context,
}) => {
  if (typeof disk === 'string') {
    if (inCI()) throw new Error(`CI must run the full-disk test, but ${disk}`);
    test.skip(true, disk);
    return;
  }
  test.slow();
  const url = server!.url;
  const found = (await (await fetch(`${url}/api/animals/search?search=&sort=name&limit=1`)).json()) as {
    animals: { _id: string; description: string }[];
  };
  const animal = found.animals[0]!;

  // A good backup before the disk fills.
  await expect.poll(() => metric('shop_backup_last_success_timestamp_seconds'), { timeout: 60_000 }).toBeGreaterThan(0);
  const good = backups();
  expect(good).toHaveLength(1);

  disk.fill();
  // Messages until the database finds no room: each one before that acknowledged, the first refused a 503.
  const acknowledged: string[] = [];
  let refused: Response | undefined;
  for (let count = 0; count < 20_000 && !refused; count++) {
    const key = `full-disk-${count}`;
    const answer = await sendMessage(key);
    if (answer.status === 201) acknowledged.push(key);
    else refused = answer;
  }
  expect(refused?.status).toBe(503);
  expect(refused!.headers.get('retry-after')).toBe('60');
  expect(((await refused!.json()) as { message: string }).message).toBe(apiMessages.outOfSpace);

  // The contact form: the Hebrew error, and what was typed still there.
  await openIsland(page, '/contact');
  const subject = contactForm(page).getByRole('textbox', { name: 'נושא' });
  const message = contactForm(page).getByRole('textbox', { name: 'הודעה' });
  await subject.fill('נשלח כשהדיסק מלא');
  await message.fill('ההודעה הזאת נכתבה כשלשרת לא היה מקום, ולא אמורה ללכת לאיבוד.');
  await contactForm(page).getByRole('button', { name: 'שלח הודעה' }).click();
  await expect(contactForm(page).getByRole('alert')).toContainText(apiMessages.outOfSpace, { timeout: 30_000 });
  await expect(subject).toHaveValue('נשלח כשהדיסק מלא');
  await expect(message).toHaveValue('ההודעה הזאת נכתבה כשלשרת לא היה מקום, ולא אמורה ללכת לאיבוד.');

  // The owner's save: the same.
  const token = await signInWithCookies(context, url, { role: 'admin', user: OWNER });
  await routeFrontendApi(context, { signIn: null, session: sessionJSON(token) });
  const admin = await context.newPage();
  await openIsland(admin, `/admin/animals/${animal._id}`);
  const f = adminStrings.form;
  const description = admin.getByLabel(f.description);
  await description.fill('תיאור חדש שהוקלד כשהדיסק היה מלא.');
  await admin.getByRole('button', { name: f.save }).click();
  await expect(admin.getByRole('alert')).toContainText(apiMessages.outOfSpace);
  await expect(description).toHaveValue('תיאור חדש שהוקלד כשהדיסק היה מלא.');

  // Pages and searches keep answering.
  for (const path of [
    '/',
    '/categories',
    '/products',
    `/products?query=${encodeURIComponent('דרקון')}`,
    `/products/${animal._id}`,
    '/about',
    '/contact',
    `/api/animals/search?search=${encodeURIComponent('חתול')}&sort=price`,
  ])
    expect((await page.request.get(`${url}${path}`)).status(), path).toBe(200);

  // The backup that ran out of space failed cleanly: the last good one stays, nothing half-written beside it.
  await expect.poll(() => metric('shop_backup_failures_total'), { timeout: 60_000 }).toBeGreaterThan(0);
  expect(backups()).toEqual(good);
  // The log and the metrics say what happened; the server runs on.
  expect(await metric('shop_writes_refused_out_of_space_total')).toBeGreaterThanOrEqual(3);
  expect(await metric('shop_out_of_space_timestamp_seconds')).toBeGreaterThan(0);
  expect(
    server!.log.some((line) => line.includes('"problem":"out of disk space') && line.includes('SQLITE_FULL')),
  ).toBe(true);
  expect(server!.running).toBe(true);

  // Space freed: the same forms send and save.
  disk.free();
  await contactForm(page).getByRole('button', { name: 'שלח הודעה' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'ההודעה שלך נשלחה בהצלחה!' })).toBeVisible();
  await admin.getByRole('button', { name: f.save }).click();
  await expect(admin.getByRole('status').filter({ hasText: f.saved })).toBeVisible();
  expect((await sendMessage('after-the-disk-was-freed')).status).toBe(201);
  acknowledged.push('after-the-disk-was-freed');
  // Backups work again (BACKUP_KEEP=1: the new one replaces the old once it is checked).
  await expect.poll(() => backups()[0], { timeout: 60_000 }).not.toBe(good[0]);

  // Nothing acknowledged lost, nothing stored twice, nothing half-written: the file passes integrity_check.
  expect(await server!.stop()).toBe(0);
  const database = new SQLite(join(disk.folder, 'shop.db'), { readonly: true });
  try {
    expect(database.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const keys = (
      database
        .prepare('select idempotency_key as key from contact_message where idempotency_key is not null')
        .all() as {
        key: string;
      }[]
    ).map((row) => row.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(acknowledged.filter((key) => !keys.includes(key))).toEqual([]);
    const typed = database
      .prepare('select count(*) as n from contact_message where subject = ?')
      .get('נשלח כשהדיסק מלא') as { n: number };
    expect(typed.n).toBe(1);
    const saved = database.prepare('select description from animal where id = ?').get(animal._id) as {
      description: string;
    };
    expect(saved.description).toBe('תיאור חדש שהוקלד כשהדיסק היה מלא.');
  } finally {
    database.close();
  }
});
