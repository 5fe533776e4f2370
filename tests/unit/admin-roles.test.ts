/**
 * Who reaches which part of the admin API, on SQLite and PostgreSQL: the admin everything, an editor
 * the content pages only (the catalogue's routes answer 403 and change nothing), a shopper and a
 * signed-out visitor nothing; forged, expired and foreign-key tokens are signed out.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/server/api/admin/messages.ts';
import { accessFor, accessFromClaims, mayReach } from '../../src/server/api/admin/access.ts';
import { ROLE_AREAS } from '../../src/lib/roles.ts';
import { adminCall, CLERK_TEST_ENV, expired, forged, sessionOf } from '../helpers/admin-session.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const CATALOGUE_CALLS = [
  ['/animals', 'GET'],
  ['/animals', 'POST'],
  ['/animals/x', 'PATCH'],
  ['/animals/x', 'DELETE'],
  ['/categories', 'GET'],
  ['/categories/order', 'PUT'],
  ['/audit', 'GET'],
  ['/catalogue.csv', 'GET'],
] as const;

describe('the table of roles and areas', () => {
  it('gives the admin every area an editor has, and an editor the content only', () => {
    for (const area of ROLE_AREAS.editor) expect(ROLE_AREAS.admin).toContain(area);
    const editor = accessFromClaims({ sub: 'user_e', metadata: { role: 'editor' } });
    expect(mayReach(editor, 'content')).toBe(true);
    expect(mayReach(editor, 'catalogue')).toBe(false);
    expect(accessFor(editor, 'catalogue')).toEqual({ kind: 'not-admin', userId: 'user_e' });
    for (const role of ['Editor', 'shopper', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(accessFromClaims({ sub: 'user_x', metadata: { role } }).kind).toBe('not-admin');
    }
  });
});

describeEachDatabase('roles in the admin API', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(CLERK_TEST_ENV, database);
  });
  afterAll(() => shop?.dispose());

  const total = async () => ((await (await shop.get('/animals/search?limit=1')).json()) as { total: number }).total;

  it('refuses every catalogue route to an editor with 403 and changes nothing; the admin reaches them', async () => {
    const before = await total();
    const editor = sessionOf('editor');
    for (const [path, method] of CATALOGUE_CALLS) {
      const response = await adminCall(shop, path, {
        method,
        session: editor,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(adminMessages.notAdmin);
    }
    expect(await total()).toBe(before);
    // The content pages are the editor's, and the admin's too.
    for (const session of [editor, sessionOf('admin')]) {
      expect((await adminCall(shop, '/pages/about', { session })).status).toBe(200);
      expect((await adminCall(shop, '/pages/accessibility/history', { session })).status).toBe(200);
    }
    for (const path of ['/animals', '/categories', '/audit']) {
      expect((await adminCall(shop, path, { session: sessionOf('admin') })).status).toBe(200);
    }
  });

  it('refuses a shopper (403) and anyone signed out, forged, expired or signed with another key (401)', async () => {
    const other = String(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    );
    for (const role of ['admin', 'editor']) {
      for (const session of [null, forged(sessionOf(role)), expired(role), sessionOf(role, { key: other })]) {
        const response = await adminCall(shop, '/animals', { session });
        expect(response.status).toBe(401);
      }
    }
    expect((await adminCall(shop, '/animals', { session: sessionOf(undefined) })).status).toBe(403);
    expect((await adminCall(shop, '/pages/about', { session: sessionOf(undefined) })).status).toBe(403);
    for (const session of [null, forged(sessionOf('editor')), expired('editor')]) {
      expect((await adminCall(shop, '/pages/about', { session })).status).toBe(401);
    }
  });
});
