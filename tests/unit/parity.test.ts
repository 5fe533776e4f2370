/**
 * Parity: SQLite and PostgreSQL give byte-identical answers (status, headers, body) to every
 * endpoint, over one catalogue loaded into both: the seed catalogue, 1,500 synthetic animals (many
 * price ties) and fixtures for the hard cases (niqqud, cantillation, final letters, Latin case,
 * literal % and _, names that fold to the same key). Searches × sorts × pages, every category and
 * animal, every error. Needs TEST_DATABASE_URL (skipped locally without it, a failure in CI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnimalSearchQuerySchema, type Animal, type Category } from '../../src/lib/schemas.ts';
import { IndexCatalogue } from '../../src/features/animal-list/index-catalogue.ts';
import { seedCatalogue } from '../../src/server/db/seed/seed-catalogue.ts';
import { replaceCatalogue } from '../../src/server/db/seed/seed.ts';
import { describeOnDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';
import { parityCatalogue, SEARCH_TEXTS } from '../helpers/search-texts.ts';

const SORTS = [undefined, 'name', 'price'];
const PAGES = [
  undefined,
  'limit=24&page=1',
  'limit=24&page=2',
  'limit=7&page=3',
  'limit=100&page=999',
  'page=2',
  'limit=1',
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

describeOnDatabase('postgres', 'SQLite and PostgreSQL give identical answers', () => {
  let sqlite: TestShop;
  let postgres: TestShop;
  const rows = parityCatalogue();

  beforeAll(async () => {
    const env = { SEED_ON_START: 'false', ALLOWED_ORIGINS: 'https://friend.example' };
    [sqlite, postgres] = await Promise.all([openTestShop(env, 'sqlite'), openTestShop(env, 'postgres')]);
    await Promise.all([replaceCatalogue(sqlite.database.db, rows), replaceCatalogue(postgres.database.db, rows)]);
  });
  afterAll(async () => {
    await Promise.all([sqlite?.dispose(), postgres?.dispose()]);
  });

  async function answer(shop: TestShop, path: string, init?: RequestInit): Promise<Answer> {
    const response = await shop.request(path, init);
    // Each answer's own: its request's id and the second it was sent.
    const { 'x-request-id': _id, date: _date, ...headers } = Object.fromEntries(response.headers);
    return { status: response.status, headers, body: await response.text() };
  }

  /** Asks both databases; the answers must be identical, byte for byte. Returns SQLite's. */
  async function same(path: string, init?: RequestInit): Promise<Answer> {
    const [fromSqlite, fromPostgres] = await Promise.all([answer(sqlite, path, init), answer(postgres, path, init)]);
    expect(fromPostgres, path).toEqual(fromSqlite);
    return fromSqlite;
  }

  describe('categories', () => {
    it('lists the same categories', async () => {
      const listed = await same('/categories');
      expect(listed.status).toBe(200);
      expect((JSON.parse(listed.body) as Category[]).map((category) => category.slug)).toEqual([
        ...seedCatalogue.map((category) => category.slug),
        'parity-fixtures',
      ]);
      await same('/categories', { method: 'HEAD' });
      await same('/categories', { headers: { 'If-None-Match': listed.headers.etag! } });
      await same('/categories', { headers: { Origin: 'https://friend.example' } });
    });

    it('answers every category the same, bare and with its animals', async () => {
      for (const { slug } of rows.categories) {
        expect((await same(`/categories/${slug}`)).status).toBe(200);
        await same(`/categories/${slug}?isPopulate=false`);
        const detail = await same(`/categories/${slug}?isPopulate=true`);
        expect((JSON.parse(detail.body) as { animals: Animal[] }).animals.length).toBeGreaterThan(0);
      }
    });

    it('pages every category the same', async () => {
      for (const { slug } of rows.categories) {
        for (const page of PAGES.filter(Boolean)) {
          const paged = await same(`/categories/${slug}?isPopulate=true&${page}`);
          expect(paged.status, `${slug} ${page}`).toBe(200);
        }
      }
      const first = JSON.parse(
        (await same(`/categories/${rows.categories[0]!.slug}?isPopulate=true&limit=24&page=2`)).body,
      ) as {
        animals: Animal[];
        total: number;
      };
      expect(first.animals).toHaveLength(24);
      expect(first.total).toBeGreaterThan(48);
      for (const query of ['limit=0', 'limit=101', 'page=0', 'page=x']) {
        expect((await same(`/categories/${rows.categories[0]!.slug}?isPopulate=true&${query}`)).status).toBe(400);
      }
    });

    it('answers the same errors', async () => {
      expect((await same('/categories/no-such-thing?isPopulate=true')).status).toBe(404);
      expect((await same(`/categories/${seedCatalogue[0]!.slug}?isPopulate=yes`)).status).toBe(400);
      expect((await same('/categories', { method: 'DELETE' })).status).toBe(405);
    });
  });

  describe('animals', () => {
    it('answers the same for every seed and fixture animal and a sample of synthetic ones', async () => {
      const sample = rows.animals.filter((row, index) => !row.slug.startsWith('synthetic-') || index % 50 === 0);
      expect(sample.length).toBeGreaterThan(80);
      for (const { id } of sample) expect((await same(`/animals/${id}`)).status, id).toBe(200);
    });

    it.each(['000000000000000000000000', 'not-an-id', '%00', "1'%20OR%20'1'='1"])(
      'answers the same 404 for %s',
      async (id) => {
        expect((await same(`/animals/${id}`)).status).toBe(404);
      },
    );
  });

  describe('search', () => {
    it.each(SEARCH_TEXTS)('answers the search %j the same for every sort and page', async (search) => {
      for (const sort of SORTS) {
        for (const page of PAGES) {
          const query = [`search=${encodeURIComponent(search)}`, sort && `sort=${sort}`, page]
            .filter(Boolean)
            .join('&');
          const result = await same(`/animals/search?${query}`);
          expect(result.status, query).toBe(200);
        }
      }
    });

    it("answers as the static build's browser search does, over the query table and filter combinations", async () => {
      const whole = await sqlite.catalogue.searchAnimals(AnimalSearchQuerySchema.parse({}));
      const categories = await sqlite.catalogue.listCategories();
      const browser = IndexCatalogue.build(
        whole.animals,
        categories.map((category) => [category.slug, category.name]),
      );
      const filters = [
        {},
        { inStock: '1' },
        { minPrice: '10', maxPrice: '60' },
        { category: categories[1]!.slug, minRating: '3' },
        { category: 'no-such-category' },
      ];
      let found = 0;
      for (const search of SEARCH_TEXTS) {
        for (const sort of ['name', 'price']) {
          for (const paging of [{}, { limit: '24', page: '1' }, { limit: '7', page: '3' }]) {
            for (const filter of filters) {
              const query = AnimalSearchQuerySchema.parse({ search, sort, ...paging, ...filter });
              const [fromSqlite, fromPostgres] = await Promise.all([
                sqlite.catalogue.searchAnimals(query),
                postgres.catalogue.searchAnimals(query),
              ]);
              expect(fromPostgres, JSON.stringify(query)).toEqual(fromSqlite);
              expect(await browser.search(query), JSON.stringify(query)).toEqual(fromSqlite);
              if (fromSqlite.animals.length > 0) found++;
            }
          }
        }
      }
      expect(found).toBeGreaterThan(100);
    });

    it('finds what the table expects (so that agreeing is not agreeing on nothing)', async () => {
      const total = async (search: string) =>
        (
          JSON.parse((await same(`/animals/search?search=${encodeURIComponent(search)}&limit=1`)).body) as {
            total: number;
          }
        ).total;
      expect(await total('')).toBe(rows.animals.length);
      expect(await total('שָׁלוֹם')).toBeGreaterThanOrEqual(3); // both fixture names and the finals' description
      expect(await total('בראשית')).toBe(1);
      expect(await total('100%')).toBe(12); // the fixture, and synthetic 100, 1000–1009 (the last word is also the start of a word)
      expect(await total('ציפור_')).toBe(1);
      expect(await total('upper LOWER')).toBe(1);
      expect(await total('קטן')).toBeGreaterThan(100);
      expect(await total('אין כזה תיפלץ')).toBe(0);
    });

    it.each(['sort=rating', 'limit=0', 'limit=101', 'page=0', `search=${'א'.repeat(201)}`, 'search=%00'])(
      'answers %s the same',
      async (query) => {
        await same(`/animals/search?${query}`);
      },
    );
  });

  describe('contact', () => {
    const post = (body: unknown, type = 'application/json') => ({
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'Content-Type': type },
    });

    it('stores a message on both and reads it back the same', async () => {
      const message = { subject: 'שאלה על 🐉', message: 'האם הדרקון מסתדר עם חתולים? ו־100% בטוח?' };
      const [a, b] = await Promise.all([
        answer(sqlite, '/contact', post(message)),
        answer(postgres, '/contact', post(message)),
      ]);
      expect([a.status, b.status]).toEqual([201, 201]);
      // Each receipt names its own message (id, time), so only their ETags differ.
      const { etag: etagB, ...headersB } = b.headers;
      const { etag: etagA, ...headersA } = a.headers;
      expect(headersB).toEqual(headersA);
      expect([typeof etagA, typeof etagB]).toEqual(['string', 'string']);
      const receipts = [JSON.parse(a.body), JSON.parse(b.body)] as { _id: string; createdAt: string }[];
      expect(Object.keys(receipts[1]!)).toEqual(Object.keys(receipts[0]!));
      const stored = await Promise.all(
        [sqlite, postgres].map((shop, index) =>
          shop.database.db
            .selectFrom('contact_message')
            .select(['subject', 'message', 'created_at'])
            .where('id', '=', receipts[index]!._id)
            .execute(),
        ),
      );
      expect(stored[0]).toEqual([{ ...message, created_at: receipts[0]!.createdAt }]);
      expect(stored[1]).toEqual([{ ...message, created_at: receipts[1]!.createdAt }]);
    });

    it.each([
      ['an empty subject', post({ subject: '', message: 'הודעה ארוכה מספיק' })],
      ['a short message', post({ subject: 'נושא', message: 'קצר' })],
      ['broken JSON', post('{"subject": ')],
      ['a form body', post('subject=a&message=b', 'application/x-www-form-urlencoded')],
      ['an oversized body', post({ subject: 'נושא', message: 'א'.repeat(20_000) })],
    ])('refuses %s the same', async (_name, init) => {
      expect((await same('/contact', init)).status).toBeGreaterThanOrEqual(400);
    });
  });
});
