/**
 * GET /api/openapi.json describes the API: real answers of every endpoint, errors included,
 * validate against the schemas the document gives for their path, method and status.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../helpers/databases.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';
import { expectDescribed as expectDescribedBy, openApiSchemas } from '../helpers/openapi.ts';

describeEachDatabase('the OpenAPI document', (database) => {
  let shop: TestShop;
  let document: {
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
  };
  let schemas: ReturnType<typeof openApiSchemas>;

  beforeAll(async () => {
    shop = await openTestShop({ MAX_BODY_BYTES: '1024' }, database);
    const response = await shop.get('/openapi.json');
    expect(response.status).toBe(200);
    document = await response.json();
    schemas = openApiSchemas(document);
  });
  afterAll(() => shop?.dispose());

  /** Checks a real answer against the document's schema for `template` (a path of the document). */
  async function expectDescribed(template: string, method: string, response: Response) {
    const operation = document.paths[template]?.[method];
    expect(operation, `${method} ${template} is described`).toBeDefined();
    const described = operation!.responses[String(response.status)];
    expect(described, `${method} ${template} ${response.status} is described`).toBeDefined();
    return expectDescribedBy(schemas, template, method, response);
  }

  it('is OpenAPI 3.1 with this server’s address', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toBe('http://shop.test/api');
  });

  it('describes every answer of every endpoint', async () => {
    const categories = (await expectDescribed('/categories', 'get', await shop.get('/categories'))) as {
      slug: string;
    }[];
    const slug = categories[0]!.slug;
    await expectDescribed('/categories/{slug}', 'get', await shop.get(`/categories/${slug}`));
    const detail = (await expectDescribed(
      '/categories/{slug}',
      'get',
      await shop.get(`/categories/${slug}?isPopulate=true&limit=2`),
    )) as {
      animals: { _id: string }[];
    };
    await expectDescribed('/categories/{slug}', 'get', await shop.get('/categories/no-such-thing'));
    await expectDescribed('/categories/{slug}', 'get', await shop.get(`/categories/${slug}?isPopulate=maybe`));
    await expectDescribed('/animals/search', 'get', await shop.get('/animals/search?search=100%&sort=price&limit=3'));
    await expectDescribed('/animals/search', 'get', await shop.get('/animals/search?sort=height'));
    const corrected = (await expectDescribed(
      '/animals/search',
      'get',
      await shop.get('/animals/search?search=sreui&minPrice=10&maxPrice=100000&inStock=1&minRating=0&category='),
    )) as { correction?: string; facets?: unknown };
    expect(corrected.correction).toBe('layout');
    expect(corrected.facets).toBeDefined();
    await expectDescribed('/animals/search', 'get', await shop.get('/animals/search?minPrice=9&maxPrice=1'));
    const suggested = (await expectDescribed(
      '/animals/suggest',
      'get',
      await shop.get(`/animals/suggest?search=${encodeURIComponent('דר')}`),
    )) as { suggestions: unknown[] };
    expect(suggested.suggestions.length).toBeGreaterThan(0);
    await expectDescribed('/animals/suggest', 'get', await shop.get(`/animals/suggest?search=${'א'.repeat(201)}`));
    await expectDescribed('/animals/{id}', 'get', await shop.get(`/animals/${detail.animals[0]!._id}`));
    await expectDescribed('/animals/{id}', 'get', await shop.get('/animals/000000000000000000000000'));
    const post = (body: string, type = 'application/json') =>
      shop.request('/contact', { method: 'POST', headers: { 'Content-Type': type }, body });
    await expectDescribed(
      '/contact',
      'post',
      await post(JSON.stringify({ subject: 'שאלה', message: 'האם הדרקון נושך?' })),
    );
    await expectDescribed('/contact', 'post', await post('{not json'));
    await expectDescribed('/contact', 'post', await post(JSON.stringify({ subject: '', message: 'קצר' })));
    await expectDescribed('/contact', 'post', await post(JSON.stringify({ subject: 'x', message: 'y'.repeat(2000) })));
    await expectDescribed('/contact', 'post', await post('subject=x', 'text/plain'));
  });

  it('says what every operation may be answered besides its own answers, and who may call it', () => {
    const components = document as unknown as {
      components: { responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
    };
    expect(Object.keys(components.components.securitySchemes).sort()).toEqual(['clerkBearer', 'clerkSessionCookie']);
    for (const [template, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item)) {
        const { responses, security } = operation as unknown as {
          responses: Record<string, { $ref?: string }>;
          security: Record<string, string[]>[];
        };
        expect(responses['414']?.$ref, `${method} ${template}`).toBe('#/components/responses/UriTooLong');
        expect(responses['500']?.$ref, `${method} ${template}`).toBe('#/components/responses/Internal');
        expect(responses['400'], `${method} ${template}`).toBeDefined();
        expect(security, `${method} ${template}`).toEqual(
          /^\/(?:admin|me)\//.test(template) ? [{ clerkSessionCookie: [] }, { clerkBearer: [] }] : [],
        );
      }
  });

  it('a path it lacks answers 404, and a method a path lacks 405 naming the methods the document lists', async () => {
    const validate = schemas.validator('components', 'schemas', 'Error')!;
    const missing = await shop.get('/nowhere');
    expect(missing.status).toBe(404);
    expect(validate(await missing.json())).toBe(true);
    for (const [path, template] of [
      ['/categories', '/categories'],
      ['/contact', '/contact'],
      ['/animals/search', '/animals/search'],
    ] as const) {
      const listed = Object.keys(document.paths[template]!).map((method) => method.toUpperCase());
      const other = listed.includes('GET') ? 'DELETE' : 'GET';
      const refused = await shop.request(path, { method: other });
      expect(refused.status, path).toBe(405);
      expect(validate(await refused.json()), path).toBe(true);
      const allow = refused.headers.get('Allow')!.split(', ');
      expect(
        allow.filter((method) => method !== 'HEAD' && method !== 'OPTIONS'),
        path,
      ).toEqual(listed);
    }
  });
});
