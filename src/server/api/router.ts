/**
 * The catalogue API (docs/api.md) under /api: a function from a web Request to a
 * Response, mounted by src/pages/api/[...path].ts and called directly by the tests.
 */
import { AnimalSearchQuerySchema, ContactMessageSchema } from '../../lib/schemas.ts';
import type { Config } from '../config.ts';
import { IDEMPOTENCY_KEY, type ContactStore } from '../db/contact/contact-messages.ts';
import type { Catalogue } from '../db/catalogue/catalogue-reads.ts';
import {
  HttpError,
  errorResponse,
  jsonResponse,
  preflightResponse,
  prepareCatalogueAnswer,
  readJson,
} from './responses.ts';
import { API_PREFIX, isAdminApiPath } from '../http/api-path.ts';
import type { AdminApi } from './admin/router.ts';
import { appendVary, corsHeadersFor, corsOriginsFor } from '../http/cors.ts';
import { prepareFromResponse, toWebResponse, type PreparedResponse } from '../http/prepared-response.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { logUnexpectedError } from '../operations/error-log.ts';
import { apiMessages } from './messages.ts';
import { allowOf, createRouteTable, parseOrThrow, queryOf } from './routes.ts';
import { nextPageLink, pageToRead } from './paging.ts';
import { openApiDocument } from './openapi.ts';
import { publicOrigin, withAbsolutePictures } from '../http/public-origin.ts';
import { CategoryQuerySchema, SuggestQuerySchema } from './query-schemas.ts';

/**
 * A GET answer depends on the address alone (its path's parameters, its query, the public origin of its
 * pictures): a catalogue answer, which may be kept, or a Response (a redirect).
 */
type GetHandler = (params: Record<string, string>, url: URL, origin: string) => Promise<Response | PreparedResponse>;
/** Other methods read the request itself and answer directly. */
type PostHandler = (request: Request) => Promise<Response>;

interface Route {
  methods: { GET?: GetHandler; POST?: PostHandler };
}

interface ApiDependencies {
  catalogue: Catalogue;
  /** Contact messages, stored once per Idempotency-Key. */
  contact: ContactStore;
  config: Pick<Config, 'allowedOrigins' | 'maxBodyBytes' | 'apiMaxResults' | 'publicSiteUrl' | 'trustProxy'>;
  /** The process's catalogue-version reader (src/server/db/catalogue-index/catalogue-version.ts). */
  catalogueVersion?: () => Promise<string>;
  /** The process's one cache (src/server/http/response-cache.ts): with it and the version, catalogue answers are kept. */
  cache?: ResponseCache | undefined;
  /** The owner's admin API (./admin/router.ts): answered by itself, never kept, never CORS. */
  admin?: AdminApi | undefined;
}

/** The API: a web Request in, a Response out; and, for the Node front door, a GET's answer as it is kept. */
export interface Api {
  /** The answer with CORS (Astro's own server, tests). */
  (request: Request): Promise<Response>;
  /** The answer without CORS, for the Node edge, whose one sender adds it. */
  answer(request: Request): Promise<Response>;
  /**
   * GET `target` (path and query, as the URL standard writes them) for `origin`'s pictures: the kept
   * answer, or the one made now and kept — the same object either way, so the sender compresses it once
   * (`key`: the cache's, to count its compressed copies by; `kept`: it came from memory). Undefined for what only the web path
   * answers: no cache, the admin API, no GET route.
   */
  get(
    origin: string,
    target: string,
  ): Promise<{ answer: PreparedResponse; key?: string | undefined; kept?: boolean | undefined } | undefined>;
}

const answerKey = (origin: string, target: string) => `api ${origin} ${target}`;

export function createApi({ catalogue, contact, config, catalogueVersion, cache, admin }: ApiDependencies): Api {
  /** A catalogue answer with absolute picture URLs (front ends on other origins show them). */
  const prepare = (origin: string, body: unknown, extraHeaders: Record<string, string> = {}) =>
    prepareCatalogueAnswer(withAbsolutePictures(origin, body), extraHeaders);

  const table = createRouteTable<Route>(API_PREFIX);
  const route = (pathname: string, methods: Route['methods']) => table.add(pathname, { methods });

  route('/openapi.json', {
    GET: async (_params, _url, origin) => prepareCatalogueAnswer(openApiDocument(origin)),
  });
  route('/categories', {
    GET: async (_params, _url, origin) => prepare(origin, await catalogue.listCategories()),
  });
  route('/categories/:slug', {
    GET: async ({ slug = '' }, url, origin) => {
      const { isPopulate, ...paging } = parseOrThrow(CategoryQuerySchema, queryOf(url));
      // A category the owner renamed: its old address answers a permanent redirect to the new one.
      const notFound = async () => {
        const renamed = await catalogue.renamedCategory(slug);
        if (!renamed) throw new HttpError(404, apiMessages.categoryNotFound);
        return jsonResponse({ message: apiMessages.categoryMoved }, 301, {
          Location: `${API_PREFIX}/categories/${encodeURIComponent(renamed)}${url.search}`,
          'Cache-Control': 'no-store',
        });
      };
      if (isPopulate !== 'true') {
        const category = await catalogue.findCategory(slug);
        if (!category) return notFound();
        return prepare(origin, category);
      }
      const read = pageToRead(paging, config.apiMaxResults);
      const detail = await catalogue.findCategoryDetail(slug, read);
      if (!detail) return notFound();
      return prepare(origin, detail, linkHeader(url, read, detail.total));
    },
  });
  route('/animals/search', {
    GET: async (_params, url, origin) => {
      const query = parseOrThrow(AnimalSearchQuerySchema, queryOf(url));
      const read = pageToRead(query, config.apiMaxResults);
      const result = await catalogue.searchAnimals({ ...query, ...read });
      return prepare(origin, result, linkHeader(url, read, result.total));
    },
  });
  route('/animals/suggest', {
    GET: async (_params, url) => {
      const { search } = parseOrThrow(SuggestQuerySchema, queryOf(url));
      return prepareCatalogueAnswer({ suggestions: await catalogue.suggest(search) });
    },
  });
  route('/animals/:id', {
    GET: async ({ id = '' }, _url, origin) => {
      const animal = await catalogue.findAnimal(id);
      if (!animal) throw new HttpError(404, apiMessages.animalNotFound);
      return prepare(origin, animal);
    },
  });
  route('/contact', {
    POST: async (request) => {
      const body = await readJson(request, config.maxBodyBytes, apiMessages);
      const message = parseOrThrow(ContactMessageSchema, body);
      const key = request.headers.get('Idempotency-Key') ?? undefined;
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, apiMessages.badIdempotencyKey);
      return jsonResponse(await contact.save(message, key), 201, { 'Cache-Control': 'no-store' });
    },
  });

  /** The route of `pathname` and its parameters, decoded. */
  function find(pathname: string): { methods: Route['methods']; params: Record<string, string> } | undefined {
    const found = table.find(pathname);
    return found && { methods: found.entry.methods, params: found.params };
  }

  /** A GET's answer: kept for this catalogue version, else made now (and kept, unless it is a Response). */
  async function getAnswer(
    handler: GetHandler,
    params: Record<string, string>,
    url: URL,
    origin: string,
  ): Promise<{ answer: Response | PreparedResponse; key?: string | undefined; kept?: boolean | undefined }> {
    if (!cache || !catalogueVersion) return { answer: await handler(params, url, origin) };
    const key = answerKey(origin, url.pathname + url.search);
    const validity = { version: await catalogueVersion() };
    const kept = cache.get(key, validity);
    if (kept) return { answer: kept, key, kept: true };
    const fresh = await handler(params, url, origin);
    if (fresh instanceof Response) return { answer: fresh };
    cache.set(key, validity, fresh);
    return { answer: fresh, key };
  }

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const found = find(url.pathname);
    if (!found) throw new HttpError(404, apiMessages.routeNotFound);
    const { methods, params } = found;
    if (request.method === 'OPTIONS') return preflightResponse(request, config.allowedOrigins);
    if ((request.method === 'GET' || request.method === 'HEAD') && methods.GET) {
      const { answer } = await getAnswer(methods.GET, params, url, publicOrigin(request, config));
      return answer instanceof Response ? answer : toWebResponse(request, answer);
    }
    if (request.method === 'POST' && methods.POST) return methods.POST(request);
    throw new HttpError(405, apiMessages.methodNotAllowed, { Allow: allowOf(methods) });
  }

  /** Every /api request as a web Request, answered without CORS: the one sender adds it (src/server/http/cors.ts). */
  async function answerWithoutCors(request: Request): Promise<Response> {
    // The request's absolute URL as it stands: no second parse of it on every API request.
    if (isAdminApiPath(request.url)) {
      return admin ? admin(request) : errorResponse(404, apiMessages.routeNotFound);
    }
    try {
      return await answer(request);
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
      logUnexpectedError('api', request.method, request.url, error);
      return errorResponse(500, apiMessages.internal);
    }
  }

  /** The same with CORS, for Astro's own server (`astro dev`), where no Node edge sends the answer. */
  async function api(request: Request): Promise<Response> {
    const response = await answerWithoutCors(request);
    const origins = corsOriginsFor(request.url, config.allowedOrigins);
    for (const [name, value] of Object.entries(corsHeadersFor(request.headers.get('Origin'), origins)))
      response.headers.set(name, value);
    if (origins.length > 0) appendVary(response.headers, 'Origin');
    return response;
  }

  async function get(origin: string, target: string): ReturnType<Api['get']> {
    if (!cache || !catalogueVersion || isAdminApiPath(target)) return undefined;
    try {
      // A kept answer is found by the target as it came, before any routing (the costly part of a kept answer).
      const keptKey = answerKey(origin, target);
      const kept = cache.get(keptKey, { version: await catalogueVersion() });
      if (kept) return { answer: kept, key: keptKey, kept: true };
      const url = new URL(target, 'http://api.invalid');
      const found = find(url.pathname);
      if (!found?.methods.GET) return undefined;
      const { answer, key, kept: wasKept } = await getAnswer(found.methods.GET, found.params, url, origin);
      return answer instanceof Response
        ? { answer: await prepareFromResponse(answer) }
        : { answer, key, kept: wasKept };
    } catch (error) {
      // Answered here, once: the handler is not run a second time to report it.
      if (error instanceof HttpError)
        return { answer: await prepareFromResponse(errorResponse(error.status, error.message, error.headers)) };
      logUnexpectedError('api', 'GET', target, error);
      return { answer: await prepareFromResponse(errorResponse(500, apiMessages.internal)) };
    }
  }

  return Object.assign(api, { get, answer: answerWithoutCors });
}

function linkHeader(url: URL, read: Parameters<typeof nextPageLink>[1], total: number): Record<string, string> {
  const link = nextPageLink(url, read, total);
  return link ? { Link: link } : {};
}
