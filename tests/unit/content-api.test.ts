/**
 * The content pages' admin API on SQLite and PostgreSQL, called as the editor's screen calls it (real
 * Clerk session tokens minted offline): an editor and the admin read and save; a shopper and anyone
 * signed out cannot; If-Match is required (428), a stale save gets 412 with the current page, a bad one
 * 400 with a Hebrew message per field; history newest first, one version, restore as a new version; the
 * project's XSS payloads in every field come back as text and render as nothing that runs; and every
 * answer is as /api/openapi.json describes it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import ContentPageView from '../../src/features/content/ContentPageView.tsx';
import { contentMessages } from '../../src/lib/content-messages.ts';
import type { ContentPage } from '../../src/lib/content-page.ts';
import { adminMessages } from '../../src/server/api/admin/messages.ts';
import sharp from 'sharp';
import { ADMIN_ORIGIN, adminCall, CLERK_TEST_ENV, expired, forged, sessionOf } from '../helpers/admin-session.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { expectDescribed, openApiSchemas } from '../helpers/openapi.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';
import { startFront } from '../helpers/front-server.ts';
import { unsafeTags, XSS_PAYLOADS } from '../helpers/xss-payloads.ts';

const EDITOR = sessionOf('editor', { name: 'עורכת התוכן' });
const ADMIN = sessionOf('admin');

describeEachDatabase('the content pages API', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(CLERK_TEST_ENV, database);
  });
  afterAll(() => shop?.dispose());

  const read = async (session = EDITOR) => {
    const response = await adminCall(shop, '/pages/about', { session });
    return { response, page: (await response.json()) as ContentPage };
  };
  const put = (page: Pick<ContentPage, 'sections' | 'team'>, ifMatch?: string, session = EDITOR) =>
    adminCall(shop, '/pages/about', { method: 'PUT', body: page, session, ...(ifMatch ? { ifMatch } : {}) });

  it('lets an editor and the admin read and save; refuses shoppers, signed-out, forged and expired sessions', async () => {
    const { response, page } = await read();
    expect(response.status).toBe(200);
    expect(response.headers.get('ETag')).toBe(`"v${page.version}"`);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(page.sections[0]!.heading).toBe('על התיפלצים שלנו');
    const heading = 'נשמר על ידי עורכת';
    const saved = await put(
      { ...page, sections: [{ ...page.sections[0]!, heading }, ...page.sections.slice(1)] },
      `"v${page.version}"`,
    );
    expect(saved.status).toBe(200);
    expect(saved.headers.get('ETag')).toBe(`"v${page.version + 1}"`);
    expect((await read(ADMIN)).page.sections[0]!.heading).toBe(heading);
    expect((await put(page, `"v${page.version + 1}"`, ADMIN)).status).toBe(200);

    expect((await adminCall(shop, '/pages/about', { session: sessionOf(undefined) })).status).toBe(403);
    for (const session of [null, forged(EDITOR), expired('editor')]) {
      const refused = await adminCall(shop, '/pages/about', { session });
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { message: string }).message).toBe(adminMessages.signedOut);
    }
    // A save from another site is refused whatever the session.
    const other = await shop.request('/admin/pages/about', {
      method: 'PUT',
      headers: {
        Cookie: `__session=${EDITOR}`,
        Origin: 'http://evil.test',
        'If-Match': '"v1"',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(page),
    });
    expect(other.status).toBe(403);
  });

  it('requires If-Match (428), refuses a stale save with the current page (412) and bad fields in Hebrew (400)', async () => {
    const { page } = await read();
    expect((await put(page)).status).toBe(428);
    const stale = await put(page, `"v${page.version - 1}"`);
    expect(stale.status).toBe(412);
    expect(stale.headers.get('ETag')).toBe(`"v${page.version}"`);
    expect(((await stale.json()) as { current: ContentPage }).current.version).toBe(page.version);

    const bad = await put(
      {
        sections: [
          { ...page.sections[0]!, heading: 'א'.repeat(121) },
          { ...page.sections[1]!, body: '## כותרת שאסור' },
          ...page.sections.slice(2),
        ],
        team: [{ ...page.team[0]!, name: '' }],
      },
      `"v${page.version}"`,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toEqual({
      'sections.0.heading': contentMessages.heading,
      'sections.1.body': contentMessages.bodyHeadings,
      'team.0.name': contentMessages.name,
    });
    expect((await read()).page.version).toBe(page.version);
    expect((await adminCall(shop, '/pages/contact', { session: EDITOR })).status).toBe(404);
  });

  it('lists the history newest first with who and when, shows one version, restores it as a new version', async () => {
    const { page } = await read();
    const history = (await (await adminCall(shop, '/pages/about/history', { session: EDITOR })).json()) as {
      versions: { version: number; authorId: string; authorName: string | null }[];
      total: number;
    };
    expect(history.versions.map(({ version }) => version)).toEqual(
      Array.from({ length: page.version }, (_, index) => page.version - index),
    );
    expect(history.versions.at(-1)!.authorId).toBe('seed');
    expect(history.versions.at(-2)).toMatchObject({ authorId: 'user_editor', authorName: 'עורכת התוכן' });
    const second = (await (await adminCall(shop, '/pages/about/history/2', { session: EDITOR })).json()) as ContentPage;
    expect(second.sections[0]!.heading).toBe('נשמר על ידי עורכת');
    const restored = await adminCall(shop, '/pages/about/history/2/restore', {
      method: 'POST',
      session: EDITOR,
      ifMatch: `"v${page.version}"`,
    });
    expect(restored.status).toBe(200);
    const now = (await read()).page;
    expect(now.version).toBe(page.version + 1);
    expect(now.sections).toEqual(second.sections);
    expect((await adminCall(shop, '/pages/about/history/999', { session: EDITOR })).status).toBe(404);
  });

  it('keeps the XSS payloads of every field as text, and renders them as nothing that runs', async () => {
    const { page } = await read();
    const sections = XSS_PAYLOADS.slice(0, 16).map((payload, index) => ({
      id: `x${index}`,
      heading: payload,
      body: `${payload}\n\n- ${payload}\n\n> ${payload}`,
      order: index,
    }));
    const team = XSS_PAYLOADS.slice(0, 16).map((payload, index) => ({
      id: `m${index}`,
      name: payload,
      role: payload,
      picture: null,
      order: index,
    }));
    const saved = await put({ sections, team }, `"v${page.version}"`);
    expect(saved.status).toBe(200);
    const back = (await read()).page;
    expect(back.sections.map(({ heading }) => heading)).toEqual(XSS_PAYLOADS.slice(0, 16).map((p) => p.trim()));
    const html = renderToStaticMarkup(createElement(ContentPageView, { sections: back.sections, team: back.team }));
    // The page's own frame (its attributes fixed by the component), and the Markdown's safe tags.
    const frame =
      /^<\/?(?:article|section|h[12]|div|ul|li|span)(?:\s(?:class|id|aria-labelledby|aria-hidden|data-testid)="[^"]*")*>$/;
    expect(unsafeTags(html).filter((tag) => !frame.test(tag))).toEqual([]);
  });

  it('takes a team picture through the pictures pipeline, on its own route, and refuses what is not one', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#7c3aed' } })
      .png()
      .toBuffer();
    const upload = (body: Uint8Array<ArrayBuffer>, type: string, session = EDITOR) =>
      shop.request('/admin/pages/about/picture', {
        method: 'POST',
        headers: { Cookie: `__session=${session}`, Origin: ADMIN_ORIGIN, 'Content-Type': type },
        body,
      });
    const stored = await upload(new Uint8Array(photo), 'image/png');
    expect(stored.status).toBe(201);
    const { picture } = (await stored.json()) as { picture: string };
    expect(picture).toMatch(/^\/pictures\/[0-9a-f]{24}\.webp$/);
    expect((await upload(new TextEncoder().encode('not a picture'), 'text/plain')).status).toBe(415);
    expect((await upload(new Uint8Array(photo), 'image/png', sessionOf(undefined))).status).toBe(403);
    const { page } = await read();
    const team = page.team.length > 0 ? page.team : [{ id: 'm', name: 'שם', role: 'תפקיד', picture: null, order: 1 }];
    const saved = await put(
      { sections: page.sections, team: [{ ...team[0]!, picture }, ...team.slice(1)] },
      `"v${page.version}"`,
    );
    expect(saved.status).toBe(200);
    expect((await read()).page.team[0]!.picture).toBe(picture);
  });

  it('takes a page at its limits through the server’s front: 20 sections of 20,000 Hebrew characters', async () => {
    const front = await startFront(shop);
    try {
      const { page } = await read();
      const body = 'ש'.repeat(20_000);
      const sections = Array.from({ length: 20 }, (_, index) => ({
        id: `big${index}`,
        heading: 'א'.repeat(120),
        body,
        order: index,
      }));
      const response = await fetch(`${front.base}/api/admin/pages/about`, {
        method: 'PUT',
        headers: {
          Cookie: `__session=${EDITOR}`,
          Origin: front.base,
          'If-Match': `"v${page.version}"`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ sections, team: page.team }),
      });
      expect(response.status).toBe(200);
      expect((await read()).page.sections).toHaveLength(20);
      await put(page, `"v${page.version + 1}"`);
    } finally {
      await front.close();
    }
  });

  it('answers as /api/openapi.json describes', async () => {
    const document = (await (await shop.get('/openapi.json')).json()) as Record<string, unknown>;
    const schemas = openApiSchemas(document);
    const { page } = await read();
    await expectDescribed(
      schemas,
      '/admin/pages/{page}',
      'get',
      await adminCall(shop, '/pages/about', { session: EDITOR }),
    );
    await expectDescribed(schemas, '/admin/pages/{page}', 'put', await put(page, `"v${page.version}"`));
    await expectDescribed(schemas, '/admin/pages/{page}', 'put', await put(page, '"v1"'));
    await expectDescribed(schemas, '/admin/pages/{page}', 'put', await put(page));
    await expectDescribed(
      schemas,
      '/admin/pages/{page}/history',
      'get',
      await adminCall(shop, '/pages/about/history?page=1', { session: EDITOR }),
    );
    await expectDescribed(
      schemas,
      '/admin/pages/{page}/history/{version}',
      'get',
      await adminCall(shop, '/pages/about/history/1', { session: EDITOR }),
    );
  });
});
