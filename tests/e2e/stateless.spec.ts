/**
 * Several servers behind one load balancer must not keep anything a request needs in one server's
 * memory or disk. Astro's sessions would: the Node adapter's default stores them as files in a folder
 * of each server. The shop has them off (`session: false` in astro.config.mjs); this checks, as a
 * visitor and an operator would see it, that no page hands out a session and none is written to disk.
 * (Sign-in state is Clerk's signed cookie, checked on every server alike: tests/e2e/auth.spec.ts.)
 */
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** Where the Node adapter's default session storage would write (Astro's cacheDir + sessions). */
const SESSION_FOLDER = 'node_modules/.astro/sessions';

test('no page sets a cookie for a visitor, and no session file is written', async ({ request }) => {
  const search = (await (await request.get('/api/animals/search?limit=1')).json()) as { animals: { _id: string }[] };
  const paths = [
    '/',
    '/categories',
    '/categories/sky-creatures',
    '/products',
    `/products?query=${encodeURIComponent('דרקון')}&page=2`,
    `/products/${search.animals[0]!._id}`,
    '/about',
    '/contact',
    '/sign-in',
    '/no-such-page',
  ];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), path).toBeLessThan(500);
    const cookies = response.headersArray().filter((header) => header.name.toLowerCase() === 'set-cookie');
    expect(cookies, path).toEqual([]);
  }
  expect(existsSync(SESSION_FOLDER)).toBe(false);
});
