/**
 * The owner's admin API (/api/admin) on SQLite and PostgreSQL, called as the browser's admin
 * calls it: sessions are real Clerk session tokens minted offline (scripts/admin-token.ts) with a key
 * pair made here, verified by the shop with that key as CLERK_JWT_KEY. Every refusal, every write and
 * what shoppers then see.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintSessionToken } from '../../scripts/admin-token.ts';
import { adminMessages } from '../../src/server/api/admin/messages.ts';
import { writeMessages } from '../../src/server/db/catalogue/catalogue-messages.ts';
import sharp from 'sharp';
import { PICTURE_MAX_BYTES } from '../../src/server/http/api-path.ts';
import { readPicture } from '../../src/server/pictures/store.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { expectDescribed, openApiSchemas } from '../helpers/openapi.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const ORIGIN = 'http://shop.test';
const CLERK_ENV = {
  PUBLIC_CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from('clerk.tiflatzim.test$').toString('base64')}`,
  CLERK_SECRET_KEY: 'sk_live_tiflatzim_test_only_not_a_real_key',
  CLERK_JWT_KEY: publicKey,
  ALLOWED_ORIGINS: 'https://other-front-end.test',
};
const OWNER = { userId: 'user_2owner', sessionId: 'sess_2owner' };

function token(role: string | undefined, options: { lifetimeSeconds?: number; now?: number; key?: string } = {}) {
  return mintSessionToken({
    privateKey: options.key ?? privateKey,
    origin: ORIGIN,
    ...OWNER,
    role,
    extra: { name: 'בעלת החנות' },
    ...(options.lifetimeSeconds ? { lifetimeSeconds: options.lifetimeSeconds } : {}),
    ...(options.now ? { now: options.now } : {}),
  }).token;
}
const ADMIN = token('admin');

interface Call {
  method?: string;
  body?: unknown;
  session?: string | null;
  origin?: string | null;
  ifMatch?: string;
  type?: string;
}

/** A request as the admin's pages send it: the session cookie, the shop's Origin on writes, JSON. */
function call(
  shop: TestShop,
  path: string,
  { method = 'GET', body, session = ADMIN, origin, ifMatch, type }: Call = {},
) {
  const headers: Record<string, string> = {};
  if (session) headers.Cookie = `__session=${session}; __client_uat=1`;
  const writes = method !== 'GET' && method !== 'HEAD';
  if (origin !== null && (origin !== undefined || writes)) headers.Origin = origin ?? ORIGIN;
  if (ifMatch) headers['If-Match'] = ifMatch;
  let payload: BodyInit | null = null;
  if (body !== undefined) {
    headers['Content-Type'] = type ?? 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  return shop.request(`/admin${path}`, { method, headers, body: payload });
}

const newAnimal = {
  name: 'ארנב ירח',
  slug: 'moon-rabbit-admin',
  description: 'ארנב שקופץ בין מכתשים ומביא גבינה.',
  price: 120,
  countInStock: 4,
  rating: 4.5,
  numReviews: 7,
  category: 'sky-creatures',
};

describe('the admin API without Clerk keys', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ PUBLIC_CLERK_PUBLISHABLE_KEY: '', CLERK_SECRET_KEY: '', CLERK_JWT_KEY: '' });
  });
  afterAll(() => shop?.dispose());

  it('refuses in Hebrew, naming the settings and the spreadsheet command, and changes nothing', async () => {
    const before = (await (await shop.get('/animals/search?limit=1')).json()) as { total: number };
    for (const [path, method] of [
      ['/animals', 'GET'],
      ['/animals', 'POST'],
    ] as const) {
      const response = await call(shop, path, { method, ...(method === 'POST' ? { body: newAnimal } : {}) });
      expect(response.status).toBe(503);
      const { message } = (await response.json()) as { message: string };
      expect(message).toBe(adminMessages.noClerk);
      expect(message).toContain('PUBLIC_CLERK_PUBLISHABLE_KEY');
      expect(message).toContain('npm run catalogue');
    }
    const after = (await (await shop.get('/animals/search?limit=1')).json()) as { total: number };
    expect(after.total).toBe(before.total);
  });
});

describeEachDatabase('the admin API', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop(CLERK_ENV, database);
  });
  afterAll(() => shop?.dispose());

  it('answers 401 signed out, with a forged, an expired or a foreign-key token; 403 without the role', async () => {
    const forged = `${ADMIN.slice(0, ADMIN.lastIndexOf('.'))}.${Buffer.from('nope').toString('base64url')}`;
    const expired = token('admin', { now: Math.floor(Date.now() / 1000) - 3600, lifetimeSeconds: 60 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    for (const session of [null, forged, expired, token('admin', { key: String(other) })]) {
      const response = await call(shop, '/animals', { session });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toBe(adminMessages.signedOut);
    }
    for (const role of [undefined, 'shopper', 'Admin']) {
      const response = await call(shop, '/animals', { session: token(role) });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(adminMessages.notAdmin);
    }
    // The bearer form works as the cookie does.
    const bearer = await shop.request('/admin/animals?limit=1', { headers: { Authorization: `Bearer ${ADMIN}` } });
    expect(bearer.status).toBe(200);
  });

  it('refuses a write from another origin, without an Origin, or not in JSON — and changes nothing', async () => {
    for (const origin of ['https://other-front-end.test', 'http://evil.test', null]) {
      const response = await call(shop, '/animals', { method: 'POST', body: newAnimal, origin });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toBe(adminMessages.wrongOrigin);
    }
    const form = await call(shop, '/animals', {
      method: 'POST',
      body: 'name=x',
      type: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const found = (await (await shop.get(`/animals/search?search=${encodeURIComponent('ארנב ירח')}`)).json()) as {
      total: number;
    };
    expect(found.total).toBe(0);
  });

  it('never answers CORS nor is kept, whatever ALLOWED_ORIGINS says', async () => {
    const response = await call(shop, '/animals?limit=1', { origin: 'https://other-front-end.test' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const preflight = await shop.request('/admin/animals', {
      method: 'OPTIONS',
      headers: { Origin: 'https://other-front-end.test', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    // The public API still answers the allowed origin.
    const shopper = await shop.get('/categories', { Origin: 'https://other-front-end.test' });
    expect(shopper.headers.get('Access-Control-Allow-Origin')).toBe('https://other-front-end.test');
  });

  it('creates, edits under If-Match, hides, shows and deletes an animal; shoppers see each change; the audit names who', async () => {
    const created = await call(shop, '/animals', { method: 'POST', body: newAnimal });
    expect(created.status).toBe(201);
    const animal = (await created.json()) as { _id: string; version: number; hidden: boolean };
    expect(created.headers.get('ETag')).toBe('"v1"');
    expect(created.headers.get('Location')).toBe(`/api/admin/animals/${animal._id}`);
    expect(animal.hidden).toBe(false);
    const search = async () =>
      (
        (await (await shop.get(`/animals/search?search=${encodeURIComponent('ארנבים')}`)).json()) as {
          animals: { _id: string; price: number }[];
        }
      ).animals.find((found) => found._id === animal._id);
    expect(await search()).toBeDefined();

    // Taken slug: 409 under the field.
    const taken = await call(shop, '/animals', { method: 'POST', body: newAnimal });
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { fields: Record<string, string> }).fields.slug).toBe(
      writeMessages.animalSlugTaken(newAnimal.slug),
    );

    // No If-Match: 428; a stale one: 412 with the current animal; not ours: 400.
    expect((await call(shop, `/animals/${animal._id}`, { method: 'PATCH', body: { price: 99 } })).status).toBe(428);
    const stale = await call(shop, `/animals/${animal._id}`, { method: 'PATCH', body: { price: 99 }, ifMatch: '"v7"' });
    expect(stale.status).toBe(412);
    const staleBody = (await stale.json()) as { message: string; current: { price: number; version: number } };
    expect(staleBody.message).toBe(writeMessages.stale);
    expect(staleBody.current).toMatchObject({ price: 120, version: 1 });
    expect(stale.headers.get('ETag')).toBe('"v1"');
    expect(
      (await call(shop, `/animals/${animal._id}`, { method: 'PATCH', body: { price: 99 }, ifMatch: 'W/"v1"' })).status,
    ).toBe(400);

    // Bad fields: 400 with a Hebrew message per field; nothing changed.
    const invalid = await call(shop, `/animals/${animal._id}`, {
      method: 'PATCH',
      body: { price: -1, rating: 9 },
      ifMatch: '"v1"',
    });
    expect(invalid.status).toBe(400);
    const { fields } = (await invalid.json()) as { fields: Record<string, string> };
    expect(fields.price).toMatch(/מחיר/);
    expect(fields.rating).toMatch(/דירוג/);

    const edited = await call(shop, `/animals/${animal._id}`, {
      method: 'PATCH',
      body: { price: 99 },
      ifMatch: '"v1"',
    });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('ETag')).toBe('"v2"');
    expect((await search())?.price).toBe(99);
    const read = await call(shop, `/animals/${animal._id}`);
    expect(read.headers.get('ETag')).toBe('"v2"');

    // Hidden: gone for shoppers (404 on its page's API answer), still in the admin's list, marked.
    expect(
      (await call(shop, `/animals/${animal._id}`, { method: 'PATCH', body: { hidden: true }, ifMatch: '"v2"' })).status,
    ).toBe(200);
    expect((await shop.get(`/animals/${animal._id}`)).status).toBe(404);
    expect(await search()).toBeUndefined();
    const listed = (await (await call(shop, `/animals?search=${encodeURIComponent('ארנב ירח')}`)).json()) as {
      animals: { _id: string; hidden: boolean }[];
      total: number;
    };
    expect(listed.animals.find((row) => row._id === animal._id)?.hidden).toBe(true);
    expect(
      (await call(shop, `/animals/${animal._id}`, { method: 'PATCH', body: { hidden: false }, ifMatch: '"v3"' }))
        .status,
    ).toBe(200);
    expect((await shop.get(`/animals/${animal._id}`)).status).toBe(200);

    // Delete: If-Match again.
    expect((await call(shop, `/animals/${animal._id}`, { method: 'DELETE' })).status).toBe(428);
    expect((await call(shop, `/animals/${animal._id}`, { method: 'DELETE', ifMatch: '"v4"' })).status).toBe(204);
    expect((await shop.get(`/animals/${animal._id}`)).status).toBe(404);
    expect((await call(shop, `/animals/${animal._id}`)).status).toBe(404);

    const audit = (await (await call(shop, '/audit')).json()) as {
      entries: { action: string; actor: string; actorName: string | null; entityId: string }[];
    };
    const mine = audit.entries.filter((entry) => entry.entityId === animal._id).map((entry) => entry.action);
    expect(mine).toEqual(['animal.delete', 'animal.update', 'animal.update', 'animal.update', 'animal.create']);
    expect(audit.entries[0]).toMatchObject({ actor: OWNER.userId, actorName: 'בעלת החנות' });
  });

  it("lists animals a page at a time by the shop's search rules, with the exact total", async () => {
    const all = (await (await call(shop, '/animals?limit=10&page=2')).json()) as { animals: unknown[]; total: number };
    expect(all.animals).toHaveLength(10);
    expect(all.total).toBeGreaterThanOrEqual(60);
    const owls = (await (await call(shop, `/animals?search=${encodeURIComponent('ינשופים')}`)).json()) as {
      animals: { name: string }[];
      total: number;
    };
    expect(owls.total).toBeGreaterThan(0);
    expect(owls.animals.every((row) => row.name.includes('ינשוף'))).toBe(true);
    expect((await call(shop, '/animals?page=0')).status).toBe(400);
    expect((await call(shop, '/animals?limit=500')).status).toBe(400);
  });

  it('creates, renames (the old address redirects), reorders and deletes categories; a non-empty one is refused with its count', async () => {
    const created = await call(shop, '/categories', {
      method: 'POST',
      body: { slug: 'night-admin', name: 'יצורי לילה', description: 'מי שער כשכולם ישנים.' },
    });
    expect(created.status).toBe(201);
    const category = (await created.json()) as { _id: string };
    const renamed = await call(shop, `/categories/${category._id}`, {
      method: 'PATCH',
      body: { slug: 'night-owls-admin' },
      ifMatch: '"v1"',
    });
    expect(renamed.status).toBe(200);
    const old = await shop.get('/categories/night-admin');
    expect(old.status).toBe(301);
    expect(old.headers.get('Location')).toBe('/api/categories/night-owls-admin');

    const { categories } = (await (await call(shop, '/categories')).json()) as {
      categories: { _id: string; version: number; slug: string }[];
    };
    const reversed = [...categories].reverse().map(({ _id, version }) => ({ id: _id, version }));
    const reordered = await call(shop, '/categories/order', { method: 'PUT', body: { order: reversed } });
    expect(reordered.status).toBe(200);
    const publicOrder = ((await (await shop.get('/categories')).json()) as { slug: string }[]).map((row) => row.slug);
    expect(publicOrder[0]).toBe('night-owls-admin');

    const full = categories.find((row) => row.slug === 'sky-creatures')!;
    const current = (await (await call(shop, `/categories/${full._id}`)).json()) as { version: number; name: string };
    const refused = await call(shop, `/categories/${full._id}`, { method: 'DELETE', ifMatch: `"v${current.version}"` });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/יש בה \d+ חיות/);

    const mine = (await (await call(shop, `/categories/${category._id}`)).json()) as { version: number };
    expect(
      (await call(shop, `/categories/${category._id}`, { method: 'DELETE', ifMatch: `"v${mine.version}"` })).status,
    ).toBe(204);
  });

  it('exports the catalogue as a spreadsheet, and imports one after a dry run that lists the changes', async () => {
    const exported = await call(shop, '/catalogue.csv');
    expect(exported.status).toBe(200);
    expect(exported.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('Content-Disposition')).toMatch(/^attachment; filename="catalogue-/);
    const csv = await exported.text();
    const [header, first] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('id,slug,name,description,price,countInStock,rating,numReviews,category,hidden,version');
    const cells = first!.split(',');
    const priceColumn = 4;
    const changed = [...cells];
    changed[priceColumn] = String(Number(cells[priceColumn]) + 1);
    const file = `${header}\r\n${changed.join(',')}\r\n`;

    const dry = await call(shop, '/catalogue.csv?dryRun=true', { method: 'POST', body: file, type: 'text/csv' });
    expect(dry.status).toBe(200);
    const plan = (await dry.json()) as { applied: boolean; change: { changes: { field: string; after: string }[] }[] };
    expect(plan.applied).toBe(false);
    expect(plan.change[0]!.changes).toEqual([expect.objectContaining({ field: 'price', after: changed[priceColumn] })]);

    const applied = await call(shop, '/catalogue.csv?dryRun=false', { method: 'POST', body: file, type: 'text/csv' });
    expect(((await applied.json()) as { applied: boolean }).applied).toBe(true);
    const animal = (await (await shop.get(`/animals/${cells[0]}`)).json()) as { price: number };
    expect(animal.price).toBe(Number(changed[priceColumn]));

    // Another change on the exported row is stale now (its version is the old one): 422 naming the line and column.
    changed[priceColumn] = String(Number(cells[priceColumn]) + 2);
    const staleFile = `${header}\r\n${changed.join(',')}\r\n`;
    const again = await call(shop, '/catalogue.csv?dryRun=false', {
      method: 'POST',
      body: staleFile,
      type: 'text/csv',
    });
    expect(again.status).toBe(422);
    const { problems } = (await again.json()) as { problems: { line: number; column: string }[] };
    expect(problems[0]).toMatchObject({ line: 2, column: 'version' });
    expect((await call(shop, '/catalogue.csv', { method: 'POST', body: file, type: 'text/plain' })).status).toBe(415);
  });

  it('draws a new animal its picture, stores it, and redraws it when the slug changes', async () => {
    const created = await call(shop, '/animals', { method: 'POST', body: { ...newAnimal, slug: 'drawn-animal' } });
    const animal = (await created.json()) as { _id: string; img: string };
    expect(animal.img).toMatch(/^\/pictures\/[0-9a-f]{24}\.svg$/);
    const stored = await readPicture(shop.database.db, animal.img.slice('/pictures/'.length));
    expect(stored?.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(stored!.bytes)).toMatch(/^<svg/);
    const renamed = (await (
      await call(shop, `/animals/${animal._id}`, { method: 'PATCH', body: { slug: 'drawn-animal-2' }, ifMatch: '"v1"' })
    ).json()) as { img: string };
    expect(renamed.img).toMatch(/^\/pictures\/[0-9a-f]{24}\.svg$/);
    expect(renamed.img).not.toBe(animal.img);
  });

  it("takes an uploaded picture upright, as WebP at the cards' size and twice it; refuses what is not one", async () => {
    const { animals } = (await (await call(shop, '/animals?limit=1')).json()) as {
      animals: { _id: string; version: number; img: string }[];
    };
    const target = animals[0]!;
    // 300 × 200 as stored, EXIF orientation 6 (turn 90°): upright it is 200 × 300, portrait.
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a0522d' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const form = new FormData();
    form.append('picture', new Blob([new Uint8Array(sideways)], { type: 'image/jpeg' }), 'photo.jpg');
    const upload = (ifMatch?: string, body: BodyInit = form) =>
      shop.request(`/admin/animals/${target._id}/picture`, {
        method: 'PUT',
        headers: { Cookie: `__session=${ADMIN}`, Origin: ORIGIN, ...(ifMatch ? { 'If-Match': ifMatch } : {}) },
        body,
      });
    expect((await upload()).status).toBe(428);
    const answer = await upload(`"v${target.version}"`);
    expect(answer.status).toBe(200);
    const { img, version } = (await answer.json()) as { img: string; version: number };
    expect(version).toBe(target.version + 1);
    expect(img).toMatch(/^\/pictures\/[0-9a-f]{24}\.webp$/);
    const card = await readPicture(shop.database.db, img.slice('/pictures/'.length));
    expect(await sharp(card!.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    const large = await readPicture(shop.database.db, img.slice('/pictures/'.length).replace('.webp', '-960.webp'));
    expect(await sharp(large!.bytes).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 });
    expect(((await (await shop.get(`/animals/${target._id}`)).json()) as { img: string }).img).toBe(`${ORIGIN}${img}`);

    const refused = async (body: BodyInit, type: string) => {
      const response = await shop.request(`/admin/animals/${target._id}/picture`, {
        method: 'PUT',
        headers: { Cookie: `__session=${ADMIN}`, Origin: ORIGIN, 'If-Match': `"v${version}"`, 'Content-Type': type },
        body,
      });
      return { status: response.status, message: ((await response.json()) as { message: string }).message };
    };
    expect(await refused('not a picture at all', 'image/png')).toEqual({
      status: 400,
      message: adminMessages.notAnImage,
    });
    expect(await refused('x', 'text/plain')).toMatchObject({ status: 415 });
    const tiny = await sharp({ create: { width: 150, height: 400, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refused(new Uint8Array(tiny), 'image/png')).toEqual({
      status: 400,
      message: adminMessages.pictureTooSmall,
    });
    expect(await refused(new Uint8Array(PICTURE_MAX_BYTES + 1), 'image/jpeg')).toEqual({
      status: 413,
      message: adminMessages.pictureTooLarge,
    });
    // 12,000 × 12,000 of one colour: a small file that would decode to 432 MB. Refused, not decoded.
    const bomb = await sharp({
      create: { width: 12_000, height: 12_000, channels: 3, background: '#fff' },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refused(new Uint8Array(bomb), 'image/png')).toEqual({
      status: 400,
      message: adminMessages.notAnImage,
    });
    // Nothing of those changed the animal.
    expect(((await (await call(shop, `/animals/${target._id}`)).json()) as { version: number }).version).toBe(version);
  });

  it("takes a category's picture the same way, audited", async () => {
    const { categories } = (await (await call(shop, '/categories')).json()) as {
      categories: { _id: string; version: number; slug: string }[];
    };
    const category = categories[0]!;
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#4682b4' } })
      .webp()
      .toBuffer();
    const response = await shop.request(`/admin/categories/${category._id}/picture`, {
      method: 'PUT',
      headers: {
        Cookie: `__session=${ADMIN}`,
        Origin: ORIGIN,
        'If-Match': `"v${category.version}"`,
        'Content-Type': 'image/webp',
      },
      body: new Uint8Array(photo),
    });
    expect(response.status).toBe(200);
    const { img } = (await response.json()) as { img: string };
    expect(img).toMatch(/^\/pictures\/[0-9a-f]{24}\.webp$/);
    const shopper = (await (await shop.get(`/categories/${category.slug}`)).json()) as { img: string };
    expect(shopper.img).toBe(`${ORIGIN}${img}`);
    const audit = (await (await call(shop, '/audit')).json()) as { entries: { action: string; entityId: string }[] };
    expect(audit.entries[0]).toMatchObject({ action: 'category.picture', entityId: category._id });
  });

  it('answers as /api/openapi.json describes, refusals included', async () => {
    const document = (await (await shop.get('/openapi.json')).json()) as Record<string, unknown>;
    const schemas = openApiSchemas(document);
    const described = (template: string, method: string, response: Response) =>
      expectDescribed(schemas, template, method, response);
    const { animals } = (await (await call(shop, '/animals?limit=1')).json()) as {
      animals: { _id: string; version: number }[];
    };
    const one = animals[0]!;
    await described('/admin/animals', 'get', await call(shop, '/animals?limit=2'));
    await described('/admin/animals', 'get', await call(shop, '/animals', { session: null }));
    await described('/admin/animals', 'get', await call(shop, '/animals', { session: token(undefined) }));
    await described('/admin/animals', 'post', await call(shop, '/animals', { method: 'POST', body: { name: '' } }));
    await described('/admin/animals/{id}', 'get', await call(shop, `/animals/${one._id}`));
    await described(
      '/admin/animals/{id}',
      'patch',
      await call(shop, `/animals/${one._id}`, { method: 'PATCH', body: { price: 1 }, ifMatch: '"v999"' }),
    );
    await described(
      '/admin/animals/{id}',
      'patch',
      await call(shop, `/animals/${one._id}`, { method: 'PATCH', body: { price: 1 } }),
    );
    await described('/admin/categories', 'get', await call(shop, '/categories'));
    await described('/admin/audit', 'get', await call(shop, '/audit'));
  });

  it('answers an unknown admin address 404 and a method a route does not take 405 with its Allow', async () => {
    expect((await call(shop, '/nothing-here')).status).toBe(404);
    const wrong = await call(shop, '/audit', { method: 'DELETE', ifMatch: '"v1"' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
  });
});
