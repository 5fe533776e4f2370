/**
 * A shopper's favourites on the server, on SQLite and PostgreSQL: GET and PUT /api/me/favorites as the shop's
 * pages call them (real Clerk session tokens minted offline, tests/helpers/admin-session.ts), every refusal,
 * two devices changing the list at once, one shopper never reading another's; and GET /api/animals?ids=…,
 * which the favourites page reads the animals with. Every answer checked against /api/openapi.json.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAVOURITES, favouritesMessages } from '../../src/lib/favourites.ts';
import { meMessages } from '../../src/server/api/me/messages.ts';
import { ADMIN_ORIGIN, CLERK_TEST_ENV, expired, forged, sessionOf } from '../helpers/admin-session.ts';
import { seedAnimals } from '../helpers/catalogue.ts';
import { describeEachDatabase } from '../helpers/databases.ts';
import { expectDescribed, openApiSchemas } from '../helpers/openapi.ts';
import { openTestShop, type TestShop } from '../helpers/shop.ts';

const OTHER_FRONT_END = 'https://other-front-end.test';
const NOA = sessionOf(undefined, { userId: 'user_noa' });
const DANI = sessionOf(undefined, { userId: 'user_dani' });
const [a, b, c, d] = seedAnimals.map((animal) => animal.id) as [string, string, string, string];

interface Call {
  method?: 'GET' | 'PUT' | 'OPTIONS' | 'DELETE';
  session?: string | null;
  /** The Origin header; the shop's own on a change unless given (null: none). */
  origin?: string | null;
  ifMatch?: string;
  body?: unknown;
}

function favourites(shop: TestShop, { method = 'GET', session = NOA, origin, ifMatch, body }: Call = {}) {
  const headers: Record<string, string> = {};
  if (session) headers.Cookie = `__session=${session}; __client_uat=1`;
  const from = origin === undefined ? (method === 'PUT' ? ADMIN_ORIGIN : undefined) : origin;
  if (from) headers.Origin = from;
  if (ifMatch) headers['If-Match'] = ifMatch;
  const sent = method === 'PUT' && body !== undefined;
  if (sent) headers['Content-Type'] = 'application/json';
  return shop.request('/me/favorites', { method, headers, body: sent ? JSON.stringify(body) : null });
}

describe('a shopper’s favourites without Clerk keys', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ PUBLIC_CLERK_PUBLISHABLE_KEY: '', CLERK_SECRET_KEY: '', CLERK_JWT_KEY: '' });
  });
  afterAll(() => shop?.dispose());

  it('answers 401: nobody can be signed in', async () => {
    const response = await favourites(shop);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe(meMessages.signedOut);
  });
});

describeEachDatabase('a shopper’s favourites', (database) => {
  let shop: TestShop;
  let schemas: ReturnType<typeof openApiSchemas>;
  beforeAll(async () => {
    shop = await openTestShop({ ...CLERK_TEST_ENV, ALLOWED_ORIGINS: OTHER_FRONT_END }, database);
    schemas = openApiSchemas((await (await shop.get('/openapi.json')).json()) as object);
  });
  afterAll(() => shop?.dispose());

  it('answers 401 to a request without a session, or with a forged or expired one, and keeps nothing', async () => {
    for (const session of [null, forged(NOA), expired('none')]) {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await favourites(shop, { method, session, ifMatch: '"v0"', body: { ids: [a] } });
        expect(response.status, `${method} ${session ? 'bad token' : 'no session'}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toBe('Bearer');
        expect(response.headers.get('cache-control')).toBe('no-store');
        const body = (await expectDescribed(schemas, '/me/favorites', method.toLowerCase(), response)) as {
          message: string;
        };
        expect(body.message).toBe(meMessages.signedOut);
      }
    }
    expect(await (await favourites(shop)).json()).toMatchObject({ ids: [] });
  });

  it('answers 403 to another origin (even one ALLOWED_ORIGINS lets read the catalogue), and to a change without an Origin', async () => {
    for (const origin of ['https://evil.test', OTHER_FRONT_END]) {
      for (const method of ['GET', 'PUT'] as const) {
        const response = await favourites(shop, { method, origin, ifMatch: '"v0"', body: { ids: [a] } });
        expect(response.status, `${method} from ${origin}`).toBe(403);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        const body = (await expectDescribed(schemas, '/me/favorites', method.toLowerCase(), response)) as {
          message: string;
        };
        expect(body.message).toBe(meMessages.wrongOrigin);
      }
    }
    const withoutOrigin = await favourites(shop, { method: 'PUT', origin: null, ifMatch: '"v0"', body: { ids: [a] } });
    expect(withoutOrigin.status).toBe(403);
    // A preflight learns nothing that would let another origin call.
    const preflight = await favourites(shop, { method: 'OPTIONS', origin: OTHER_FRONT_END });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('allow')).toBe('GET, PUT, HEAD, OPTIONS');
    expect((await favourites(shop, { method: 'DELETE' })).status).toBe(405);
    expect(await (await favourites(shop)).json()).toMatchObject({ ids: [] });
  });

  it('keeps the list per shopper: saved, read back newest first, each id once, its version as the ETag', async () => {
    const empty = await favourites(shop, { session: DANI });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('etag')).toBe('"v0"');
    expect(empty.headers.get('cache-control')).toBe('no-store');
    expect(await expectDescribed(schemas, '/me/favorites', 'get', empty)).toEqual({ ids: [], account: 'user_dani' });

    const saved = await favourites(shop, { method: 'PUT', session: DANI, ifMatch: '"v0"', body: { ids: [b, a, b] } });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"v1"');
    expect(await expectDescribed(schemas, '/me/favorites', 'put', saved)).toEqual({
      ids: [b, a],
      account: 'user_dani',
    });

    const again = await favourites(shop, { session: DANI });
    expect(again.headers.get('etag')).toBe('"v1"');
    expect(await again.json()).toEqual({ ids: [b, a], account: 'user_dani' });
    // Another shopper sees none of it.
    expect(await (await favourites(shop, { session: sessionOf(undefined, { userId: 'user_else' }) })).json()).toEqual({
      ids: [],
      account: 'user_else',
    });
  });

  it('saves a change only on the version it names: the other device’s change wins first, then is built on', async () => {
    const first = await favourites(shop, { method: 'PUT', ifMatch: '"v0"', body: { ids: [a] } });
    expect(first.status).toBe(200);
    // A second device that read version 0 too: nothing saved, the list as it is now.
    const stale = await favourites(shop, { method: 'PUT', ifMatch: '"v0"', body: { ids: [c] } });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe('"v1"');
    expect(await expectDescribed(schemas, '/me/favorites', 'put', stale)).toEqual({
      message: meMessages.changedElsewhere,
      ids: [a],
      account: 'user_noa',
    });
    const rebuilt = await favourites(shop, { method: 'PUT', ifMatch: '"v1"', body: { ids: [c, a] } });
    expect(rebuilt.status).toBe(200);
    expect(await (await favourites(shop)).json()).toMatchObject({ ids: [c, a] });
  });

  it('lets exactly one of two first saves at once through', async () => {
    const session = sessionOf(undefined, { userId: 'user_two_phones' });
    const answers = await Promise.all(
      [[a], [b]].map((ids) => favourites(shop, { method: 'PUT', session, ifMatch: '"v0"', body: { ids } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const kept = (await (await favourites(shop, { session })).json()) as { ids: string[] };
    expect([[a], [b]]).toContainEqual(kept.ids);
  });

  it('refuses a change without If-Match (428), past the limit or not a list of ids (400), not JSON (415), and keeps the list', async () => {
    const session = sessionOf(undefined, { userId: 'user_refused' });
    expect((await favourites(shop, { method: 'PUT', session, ifMatch: '"v0"', body: { ids: [d] } })).status).toBe(200);
    const noIfMatch = await favourites(shop, { method: 'PUT', session, body: { ids: [a] } });
    expect(noIfMatch.status).toBe(428);
    expect(((await noIfMatch.json()) as { message: string }).message).toBe(meMessages.needsIfMatch);

    const tooMany = Array.from({ length: MAX_FAVOURITES + 1 }, (_, index) => index.toString(16).padStart(24, '0'));
    const over = await favourites(shop, { method: 'PUT', session, ifMatch: '"v1"', body: { ids: tooMany } });
    expect(over.status).toBe(400);
    expect(((await expectDescribed(schemas, '/me/favorites', 'put', over)) as { message: string }).message).toBe(
      favouritesMessages.tooMany,
    );
    // Exactly the limit is fine.
    const full = await favourites(shop, {
      method: 'PUT',
      session: sessionOf(undefined, { userId: 'user_full' }),
      ifMatch: '"v0"',
      body: { ids: tooMany.slice(1) },
    });
    expect(full.status).toBe(200);

    for (const body of [{ ids: ['not-an-id'] }, { ids: 'a' }, [a], { list: [a] }]) {
      const refused = await favourites(shop, { method: 'PUT', session, ifMatch: '"v1"', body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe(favouritesMessages.notAList);
    }
    const notJson = await shop.request('/me/favorites', {
      method: 'PUT',
      headers: {
        Cookie: `__session=${session}`,
        Origin: ADMIN_ORIGIN,
        'If-Match': '"v1"',
        'Content-Type': 'text/plain',
      },
      body: 'x',
    });
    expect(notJson.status).toBe(415);
    expect((await favourites(shop, { method: 'PUT', session, ifMatch: 'v1', body: { ids: [a] } })).status).toBe(400);
    expect(await (await favourites(shop, { session })).json()).toMatchObject({ ids: [d] });
  });
});

describeEachDatabase('GET /api/animals?ids=', (database) => {
  let shop: TestShop;
  let schemas: ReturnType<typeof openApiSchemas>;
  beforeAll(async () => {
    shop = await openTestShop({}, database);
    schemas = openApiSchemas((await (await shop.get('/openapi.json')).json()) as object);
  });
  afterAll(() => shop?.dispose());

  it('answers the animals asked for in their order, fresh, leaving out unknown and hidden ones', async () => {
    const unknown = 'f'.repeat(24);
    const response = await shop.get(`/animals?ids=${c},${unknown},${a},${b}`);
    expect(response.status).toBe(200);
    const { animals } = (await expectDescribed(schemas, '/animals', 'get', response)) as {
      animals: { _id: string; img: string; price: number; countInStock: number }[];
    };
    expect(animals.map((animal) => animal._id)).toEqual([c, a, b]);
    expect(animals[0]!.img).toMatch(/^http:\/\/shop\.test\//);

    // The owner hides one and changes another's price: the next answer says so.
    await shop.database.db.updateTable('animal').set({ hidden: 1 }).where('id', '=', a).execute();
    await shop.database.db.updateTable('animal').set({ price: 4321 }).where('id', '=', c).execute();
    const after = (await (await shop.get(`/animals?ids=${c},${a},${b}`)).json()) as typeof animals extends infer T
      ? { animals: T }
      : never;
    expect(after.animals.map((animal) => animal._id)).toEqual([c, b]);
    expect(after.animals[0]!.price).toBe(4321);
  });

  it('refuses a malformed list, or more than the limit, with 400 and the Hebrew message', async () => {
    const tooMany = Array.from({ length: MAX_FAVOURITES + 1 }, () => a).join(',');
    for (const query of ['', '?ids=', '?ids=xyz', `?ids=${a},`, `?ids=${tooMany}`]) {
      const response = await shop.get(`/animals${query}`);
      expect(response.status, query).toBe(400);
      const { message } = (await expectDescribed(schemas, '/animals', 'get', response)) as { message: string };
      expect(message).toContain('ids');
    }
  });
});
