/**
 * The catalogue API (docs/api.md) against a real temporary database: the same suite on SQLite and on
 * PostgreSQL (a fresh database on the TEST_DATABASE_URL server; see tests/helpers/databases.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortKey } from '../../src/lib/search/index.ts';
import {
  AnimalSchema,
  AnimalSearchResultSchema,
  CategoryDetailSchema,
  CategorySchema,
  DEFAULT_PAGE_SIZE,
  type Animal,
  type Category,
  type CategoryDetail,
} from '../../src/lib/schemas.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const allAnimals = seedCatalogue.flatMap((category) =>
  category.animals.map((animal) => ({ ...animal, category: category.slug })),
);

async function json<T>(response: Response): Promise<T> {
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await json<{ message: string }>(response);
  expect(Object.keys(body)).toEqual(['message']);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/\bat .*\.(ts|js):\d+/); // no stack trace
  if (message) expect(body.message).toMatch(message);
  return body.message;
}

describeEachDatabase('catalogue API', (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ ALLOWED_ORIGINS: 'https://friend.example, http://localhost:5173' }, database);
  });
  afterAll(() => shop?.dispose());

  describe('GET /api/categories', () => {
    it('lists every seeded category in catalogue order', async () => {
      const response = await shop.get('/categories');
      expect(response.status).toBe(200);
      const categories = await json<Category[]>(response);
      expect(categories.map((category) => category.slug)).toEqual(seedCatalogue.map((category) => category.slug));
      for (const category of categories) {
        expect(CategorySchema.strict().parse(category)).toEqual(category);
        expect(category._id).toMatch(/^[0-9a-f]{24}$/);
        expect(category.img).toBe(`http://shop.test/art/categories/${category.slug}.svg`);
      }
    });
  });

  describe('GET /api/categories/{slug}', () => {
    const first = seedCatalogue[0]!;

    it('answers the bare category without isPopulate', async () => {
      const category = await json<Category>(await shop.get(`/categories/${first.slug}`));
      expect(CategorySchema.strict().parse(category)).toMatchObject({ slug: first.slug, name: first.name });
      const explicitFalse = await json<Category>(await shop.get(`/categories/${first.slug}?isPopulate=false`));
      expect(explicitFalse).toEqual(category);
    });

    it('answers {category, animals, total} with isPopulate=true, animals in Hebrew name order', async () => {
      const response = await shop.get(`/categories/${first.slug}?isPopulate=true`);
      expect(response.headers.get('Link')).toBeNull();
      const detail = await json<{ category: Category; animals: Animal[]; total: number }>(response);
      expect(CategoryDetailSchema.strict().parse(detail)).toEqual(detail);
      expect(Object.keys(detail)).toEqual(['category', 'animals', 'total']);
      expect(detail.total).toBe(first.animals.length);
      expect(detail.category.slug).toBe(first.slug);
      expect(detail.animals.map((animal) => animal.slug).sort()).toEqual(
        first.animals.map((animal) => animal.slug).sort(),
      );
      const keys = detail.animals.map((animal) => sortKey(animal.name));
      expect(keys).toEqual([...keys].sort());
      expect(detail.animals.every((animal) => animal.category === first.slug)).toBe(true);
    });

    it('pages its animals with limit and page, total counting all of them', async () => {
      const path = `/categories/${first.slug}?isPopulate=true`;
      const all = await json<CategoryDetail>(await shop.get(path));
      const ids = all.animals.map((animal) => animal._id);
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const response = await shop.get(`${path}&limit=4&page=${page}`);
        pages.push(await json<CategoryDetail>(response));
        const next = `</api/categories/${first.slug}?isPopulate=true&limit=4&page=2>; rel="next"`;
        expect(response.headers.get('Link'), `page ${page}`).toBe(page === 1 ? next : null);
      }
      expect(pages.map((page) => page.total)).toEqual([ids.length, ids.length, ids.length]);
      expect(pages[0]!.animals.map((animal) => animal._id)).toEqual(ids.slice(0, 4));
      expect(pages[1]!.animals.map((animal) => animal._id)).toEqual(ids.slice(4, 8));
      expect(pages[2]).toEqual({ category: all.category, animals: [], total: ids.length });
      const defaultSize = await json<CategoryDetail>(await shop.get(`${path}&page=1`));
      expect(defaultSize.animals.map((animal) => animal._id)).toEqual(ids.slice(0, DEFAULT_PAGE_SIZE));
    });

    it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'page=0', 'page=-1', 'page=x'])(
      '400s %s with the message the search gives',
      async (query) => {
        const message = await expectError(await shop.get(`/animals/search?${query}`), 400);
        await expectError(await shop.get(`/categories/${first.slug}?isPopulate=true&${query}`), 400, message);
      },
    );

    it('404s an unknown or malformed slug with a Hebrew message', async () => {
      await expectError(await shop.get('/categories/no-such-thing?isPopulate=true'), 404, /הקטגוריה לא נמצאה/);
      await expectError(await shop.get("/categories/'%20OR%201=1"), 404);
      await expectError(await shop.get('/categories/%E0%A4%A'), 404);
    });

    it('400s an isPopulate that is neither true nor false', async () => {
      await expectError(await shop.get(`/categories/${first.slug}?isPopulate=yes`), 400, /isPopulate/);
    });
  });

  describe('GET /api/animals/search', () => {
    const search = async (query: string) => {
      const response = await shop.get(`/animals/search?${query}`);
      expect(response.status).toBe(200);
      return AnimalSearchResultSchema.parse(await response.json());
    };

    it('answers everything for an empty search, sorted by Hebrew name by default', async () => {
      const result = await search('search=');
      expect(result.total).toBe(allAnimals.length);
      expect(result.animals).toHaveLength(allAnimals.length);
      result.animals.forEach((animal) => AnimalSchema.strict().parse(animal));
      const expected = [...allAnimals].sort((a, b) => (sortKey(a.name) < sortKey(b.name) ? -1 : 1)).map((a) => a.slug);
      expect(result.animals.map((animal) => animal.slug)).toEqual(expected);
      expect(await search('')).toEqual(result);
      expect(await search('search=&sort=name')).toEqual(result);
    });

    it("sorts the whole catalogue by name as Intl.Collator('he') does (geresh and gershayim included)", async () => {
      const result = await search('search=&sort=name');
      const collator = new Intl.Collator('he');
      const expected = [...allAnimals].sort((a, b) => collator.compare(a.name, b.name)).map((a) => a.name);
      expect(result.animals.map((animal) => animal.name)).toEqual(expected);
      expect(expected.indexOf('ג׳ירפת חמנייה')).toBeLessThan(expected.indexOf('גמל תעתועים'));
    });

    it('sorts by price ascending, ties by name', async () => {
      const result = await search('search=&sort=price');
      const prices = result.animals.map((animal) => animal.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (let i = 1; i < result.animals.length; i++) {
        const [previous, current] = [result.animals[i - 1]!, result.animals[i]!];
        if (previous.price === current.price) expect(sortKey(previous.name) <= sortKey(current.name)).toBe(true);
      }
    });

    it('reads an empty sort, page or limit as absent (as a form sends a select with no value), a wrong one still 400s', async () => {
      const absent = await search('');
      for (const query of ['sort=', 'page=', 'limit=', 'sort=&page=&limit=&search='])
        expect(await search(query), query).toEqual(absent);
      const firstOfTwo = await search('sort=price&limit=2');
      expect(await search('sort=price&limit=2&page=')).toEqual(firstOfTwo);
      expect(await search('sort=&limit=2')).toEqual(await search('limit=2'));
      const category = seedCatalogue[0]!.slug;
      const detail = await shop.get(`/categories/${category}?isPopulate=true`);
      const detailEmpty = await shop.get(`/categories/${category}?isPopulate=true&page=&limit=`);
      expect(detailEmpty.status).toBe(200);
      expect(await detailEmpty.json()).toEqual(await detail.json());
      for (const query of ['sort=%20', 'sort=Name', 'page=%20', 'limit=0'])
        await expectError(await shop.get(`/animals/search?${query}`), 400);
    });

    it('400s an unknown sort with a message', async () => {
      await expectError(await shop.get('/animals/search?search=&sort=rating'), 400, /מיון/);
      await expectError(await shop.get('/animals/search?sort=name;DROP TABLE animal'), 400);
    });

    it('pages with limit and page while total counts all matches', async () => {
      const all = await search('sort=price');
      const page2 = await search('sort=price&limit=7&page=2');
      expect(page2.total).toBe(all.total);
      expect(page2.animals.map((animal) => animal._id)).toEqual(all.animals.slice(7, 14).map((animal) => animal._id));
      const first = await search('sort=price&limit=7');
      expect(first.animals.map((animal) => animal._id)).toEqual(all.animals.slice(0, 7).map((animal) => animal._id));
      const beyond = await search('limit=10&page=999');
      // What this API adds (facets) comes after the contract's two fields, which stay as they were.
      expect(beyond).toEqual({ animals: [], total: all.total, facets: all.facets });
    });

    it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=2.5', 'page=0', 'page=-1', 'page=x'])(
      '400s %s',
      async (query) => {
        await expectError(await shop.get(`/animals/search?${query}`), 400);
      },
    );

    it('400s a search longer than 200 characters', async () => {
      await expectError(await shop.get(`/animals/search?search=${'א'.repeat(201)}`), 400);
    });

    it('matches name and description case-insensitively', async () => {
      const usb = allAnimals.find((animal) => /USB/.test(animal.name + animal.description))!;
      const lower = await search('search=usb');
      expect(lower.animals.map((animal) => animal.slug)).toContain(usb.slug);
      expect((await search('search=UsB')).animals).toEqual(lower.animals);
    });

    it('treats the text literally: no wildcards, no injection', async () => {
      expect((await search('search=%25')).total).toBe(0);
      expect((await search('search=_')).total).toBe(0);
      expect((await search(`search=${encodeURIComponent("' OR 1=1 --")}`)).total).toBe(0);
      expect((await search(`search=${encodeURIComponent('.*')}`)).total).toBe(0);
      expect((await search('search=%00')).total).toBe(0);
      expect((await search('search=%25%00')).total).toBe(0);
    });
  });

  describe('Hebrew search', () => {
    let hebrew: TestShop;
    beforeAll(async () => {
      hebrew = await openTestShop({ SEED_ON_START: 'false' }, database);
      const { catalogueRows, replaceCatalogue } = await import('../../src/server/db/seed/seed.ts');
      const animal = (slug: string, name: string, description: string, price = 100) => ({
        slug,
        name,
        description,
        price,
        countInStock: 1,
        rating: 4,
        numReviews: 1,
      });
      await replaceCatalogue(
        hebrew.database.db,
        catalogueRows([
          {
            slug: 'fixture',
            name: 'בדיקה',
            description: 'קטגוריית בדיקה',
            animals: [
              animal('dragon', 'דרקון ירוק', 'נושף אש קטנה', 300),
              animal('niqqud', 'שָׁלוֹם הַגָּדוֹל', 'כתוב בניקוד מלא', 200),
              animal('latin', 'חתול Wi-Fi', 'מחובר תמיד ל-Router', 100),
              animal('percent', 'ציפור 100%', 'מבצע_מיוחד', 100),
              animal('alef', 'אריה', 'ראשון באלפבית', 50),
            ],
          },
        ]),
      );
    });
    afterAll(() => hebrew?.dispose());

    const slugs = async (text: string) => {
      const response = await hebrew.get(`/animals/search?search=${encodeURIComponent(text)}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { animals: Animal[] }).animals.map((animal) => animal.slug).sort();
    };

    it('matches final letters with their regular forms, both ways', async () => {
      expect(await slugs('דרקון')).toEqual(['dragon']);
      expect(await slugs('דרקונ')).toEqual(['dragon']);
      expect(await slugs('שלומ')).toEqual(['niqqud']);
    });

    it('ignores niqqud in the text and in the query', async () => {
      expect(await slugs('שלום')).toEqual(['niqqud']);
      expect(await slugs('הגדול')).toEqual(['niqqud']);
      expect(await slugs('דְּרָקוֹן')).toEqual(['dragon']);
    });

    it('matches mixed Hebrew and Latin', async () => {
      expect(await slugs('חתול wi-fi')).toEqual(['latin']);
      expect(await slugs('ROUTER')).toEqual(['latin']);
    });

    it('finds literal % and _', async () => {
      expect(await slugs('100%')).toEqual(['percent']);
      expect(await slugs('מבצע_')).toEqual(['percent']);
    });

    it('sorts Hebrew names alphabetically with niqqud ignored', async () => {
      const response = await hebrew.get('/animals/search?sort=name');
      const names = ((await response.json()) as { animals: Animal[] }).animals.map((animal) => animal.slug);
      expect(names).toEqual(['alef', 'dragon', 'latin', 'percent', 'niqqud']);
    });

    it('returns nothing (200) when nothing matches', async () => {
      expect(await slugs('אין כזה תיפלץ')).toEqual([]);
    });
  });

  describe('GET /api/animals/{id}', () => {
    it('answers one animal with its category', async () => {
      const { animals } = (await (await shop.get('/animals/search?limit=1')).json()) as { animals: Animal[] };
      const listed = animals[0]!;
      const response = await shop.get(`/animals/${listed._id}`);
      expect(response.status).toBe(200);
      const animal = AnimalSchema.strict().parse(await response.json());
      expect(animal).toEqual(listed);
      const seeded = allAnimals.find((candidate) => candidate.slug === animal.slug)!;
      expect(animal).toMatchObject({
        name: seeded.name,
        price: seeded.price,
        countInStock: seeded.countInStock,
        rating: seeded.rating,
        numReviews: seeded.numReviews,
        category: seeded.category,
      });
    });

    it.each(['000000000000000000000000', 'not-an-id', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '%00', "1'%20OR%20'1'='1"])(
      '404s the unknown or malformed id %s',
      async (id) => {
        await expectError(await shop.get(`/animals/${id}`), 404, /לא נמצא/);
      },
    );
  });

  describe('HTTP behaviour', () => {
    it('carries Cache-Control and an ETag, and answers 304 to a matching If-None-Match', async () => {
      const first = await shop.get('/categories');
      const etag = first.headers.get('ETag');
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('Cache-Control')).toMatch(/max-age=\d+/);
      const again = await shop.get('/categories', { 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const listed = await shop.get('/categories', { 'If-None-Match': `"other", ${etag}` });
      expect(listed.status).toBe(304);
      const stale = await shop.get('/categories', { 'If-None-Match': 'W/"stale"' });
      expect(stale.status).toBe(200);
      const other = await shop.get('/animals/search?sort=price');
      expect(other.headers.get('ETag')).not.toBe(etag);
    });

    it('404s unknown API paths and 405s wrong methods with Allow', async () => {
      await expectError(await shop.get('/nothing-here'), 404);
      const wrong = await shop.request('/categories', { method: 'DELETE' });
      await expectError(wrong, 405);
      expect(wrong.headers.get('Allow')).toContain('GET');
      const getContact = await shop.get('/contact');
      await expectError(getContact, 405);
      expect(getContact.headers.get('Allow')).toContain('POST');
    });

    it('answers HEAD like GET without a body', async () => {
      const response = await shop.request('/categories', { method: 'HEAD' });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
    });

    it('gives allowed origins CORS with credentials, and others nothing', async () => {
      const friend = await shop.get('/categories', { Origin: 'https://friend.example' });
      expect(friend.headers.get('Access-Control-Allow-Origin')).toBe('https://friend.example');
      expect(friend.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      expect(friend.headers.get('Vary')).toContain('Origin');
      const stranger = await shop.get('/categories', { Origin: 'https://evil.example' });
      expect(stranger.status).toBe(200);
      expect(stranger.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(stranger.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    });

    it('answers preflight for allowed origins only', async () => {
      const preflight = (origin: string) =>
        shop.request('/contact', {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type',
          },
        });
      const allowed = await preflight('http://localhost:5173');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:5173');
      expect(allowed.headers.get('Access-Control-Allow-Methods')).toContain('POST');
      expect(allowed.headers.get('Access-Control-Allow-Headers')).toBe('content-type');
      expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBe('true');
      const refused = await preflight('https://evil.example');
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(refused.headers.get('Access-Control-Allow-Methods')).toBeNull();
    });

    it('names in a preflight the methods the path takes, as its 405 does', async () => {
      for (const [path, other, methods] of [
        ['/animals/search', 'POST', 'GET, HEAD, OPTIONS'],
        ['/categories/pocket-pets', 'DELETE', 'GET, HEAD, OPTIONS'],
        ['/contact', 'GET', 'POST, OPTIONS'],
      ] as const) {
        const preflight = await shop.request(path, {
          method: 'OPTIONS',
          headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': other },
        });
        expect(preflight.status, path).toBe(204);
        expect(preflight.headers.get('Access-Control-Allow-Methods'), path).toBe(methods);
        expect(preflight.headers.get('Allow'), path).toBe(methods);
        const refused = await shop.request(path, { method: other, headers: { Origin: 'http://localhost:5173' } });
        expect(refused.status, `${other} ${path}`).toBe(405);
        expect(refused.headers.get('Allow'), `${other} ${path}`).toBe(methods);
      }
    });

    it('never answers 500 or a stack trace to odd input', async () => {
      const odd = [
        '/animals/search?search=%F0%9F%90%89&sort=price',
        '/animals/search?search=%00',
        '/animals/search?limit=1e3',
        '/animals/search?page=99999999999999999999&limit=1',
        '/categories/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/animals/%ff',
        '/categories//',
      ];
      for (const path of odd) {
        const response = await shop.get(path);
        expect(response.status, path).toBeLessThan(500);
        expect(await response.text()).not.toMatch(/Error:|\n\s+at /);
      }
    });
  });

  describe('POST /api/contact', () => {
    const post = (body: string, type = 'application/json') =>
      shop.request('/contact', { method: 'POST', body, headers: { 'Content-Type': type } });

    it('stores a valid message once and answers 201 with its id', async () => {
      const response = await post(JSON.stringify({ subject: 'שאלה על דרקון', message: 'האם הוא מסתדר עם חתולים?' }));
      expect(response.status).toBe(201);
      const receipt = (await response.json()) as { _id: string; createdAt: string };
      expect(receipt._id).toMatch(/^[0-9a-f]{24}$/);
      const stored = await shop.database.db
        .selectFrom('contact_message')
        .selectAll()
        .where('id', '=', receipt._id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ subject: 'שאלה על דרקון', message: 'האם הוא מסתדר עם חתולים?' });
    });

    it('stores a message holding U+0000 without that character (PostgreSQL text cannot hold it)', async () => {
      const response = await post(JSON.stringify({ subject: 'נושא\u0000', message: 'שורה\u0000 ועוד קצת טקסט' }));
      expect(response.status).toBe(201);
      const { _id } = (await response.json()) as { _id: string };
      const stored = await shop.database.db
        .selectFrom('contact_message')
        .selectAll()
        .where('id', '=', _id)
        .executeTakeFirst();
      expect(stored).toMatchObject({ subject: 'נושא', message: 'שורה ועוד קצת טקסט' });
    });

    it('stores a message once per Idempotency-Key and answers a repeat with the first receipt', async () => {
      const key = `test-${database}-${Date.now()}`;
      const body = JSON.stringify({ subject: 'שליחה חוזרת', message: 'האם הדרקון מגיע עם מטף?' });
      const send = () =>
        shop.request('/contact', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        });
      const first = await send();
      expect(first.status).toBe(201);
      const receipt = await first.json();
      // Repeats, also at once: one row, and every answer is the first receipt.
      const repeats = await Promise.all([send(), send(), send()]);
      for (const repeat of repeats) {
        expect(repeat.status).toBe(201);
        expect(await repeat.json()).toEqual(receipt);
      }
      const rows = await shop.database.db
        .selectFrom('contact_message')
        .select('id')
        .where('idempotency_key', '=', key)
        .execute();
      expect(rows).toEqual([{ id: receipt._id }]);
      // Without a key, the same text is a new message each time.
      const [a, b] = await Promise.all([post(body), post(body)]);
      expect((await a.json())._id).not.toBe((await b.json())._id);
      await expectError(
        await shop.request('/contact', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'a b' },
        }),
        400,
      );
    });

    it("validates with the contact form's messages", async () => {
      await expectError(
        await post(JSON.stringify({ subject: '', message: 'הודעה ארוכה מספיק' })),
        400,
        'נושא הוא שדה חובה',
      );
      await expectError(
        await post(JSON.stringify({ subject: '   ', message: 'הודעה ארוכה מספיק' })),
        400,
        'נושא הוא שדה חובה',
      );
      await expectError(
        await post(JSON.stringify({ subject: 'נושא', message: 'קצר' })),
        400,
        'ההודעה חייבת להכיל לפחות 10 תווים',
      );
      await expectError(await post(JSON.stringify({ subject: 'נושא' })), 400, 'ההודעה חייבת להכיל לפחות 10 תווים');
      await expectError(await post(JSON.stringify(['not', 'an', 'object'])), 400);
    });

    it('refuses broken, non-JSON and oversized bodies with the right status', async () => {
      await expectError(await post('{"subject": '), 400, /JSON/);
      await expectError(await post('subject=a&message=b', 'application/x-www-form-urlencoded'), 415);
      await expectError(await post(JSON.stringify({ subject: 'נושא', message: 'א'.repeat(20_000) })), 413);
    });
  });
});
