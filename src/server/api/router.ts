/**
 * The catalogue API (§7 of the spec) under /api: a function from a web Request to a
 * Response, mounted by src/pages/api/[...path].ts and called directly by the tests.
 */
import { z } from 'zod';
import { AnimalSearchQuerySchema, ContactMessageSchema, PageQuerySchema } from '../../lib/schemas.ts';
import type { Config } from '../config.ts';
import { IDEMPOTENCY_KEY, type ContactStore } from '../db/contact-once.ts';
import type { Catalogue } from '../db/queries.ts';
import {
  HttpError,
  catalogueResponse,
  corsHeaders,
  errorResponse,
  jsonResponse,
  preflightResponse,
  readJson,
} from './http.ts';
import { logUnexpectedError } from '../http/log.ts';
import { apiMessages } from './messages.ts';
import { nextPageLink, pageToRead } from './paging.ts';

export const API_PREFIX = '/api';

type Handler = (request: Request, params: Record<string, string>, url: URL) => Promise<Response>;

interface Route {
  pattern: URLPattern;
  methods: Partial<Record<'GET' | 'POST', Handler>>;
}

const CategoryQuerySchema = z.object({
  isPopulate: z.enum(['true', 'false'], apiMessages.badIsPopulate).optional(),
  ...PageQuerySchema.shape,
});

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}

/** The first problem zod found, as the answer's message. */
function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? apiMessages.badJson);
  return parsed.data;
}

export interface ApiDependencies {
  catalogue: Catalogue;
  /** Contact messages, stored once per Idempotency-Key. */
  contact: ContactStore;
  config: Pick<Config, 'allowedOrigins' | 'maxBodyBytes' | 'apiMaxResults'>;
}

export function createApi({ catalogue, contact, config }: ApiDependencies): (request: Request) => Promise<Response> {
  const route = (pathname: string, methods: Route['methods']): Route => ({
    pattern: new URLPattern({ pathname: `${API_PREFIX}${pathname}` }),
    methods,
  });

  const routes: Route[] = [
    route('/categories', {
      GET: async (request) => catalogueResponse(request, await catalogue.listCategories()),
    }),
    route('/categories/:slug', {
      GET: async (request, { slug = '' }, url) => {
        const { isPopulate, ...paging } = parseOrThrow(CategoryQuerySchema, queryOf(url));
        if (isPopulate !== 'true') {
          const category = await catalogue.findCategory(slug);
          if (!category) throw new HttpError(404, apiMessages.categoryNotFound);
          return catalogueResponse(request, category);
        }
        const read = pageToRead(paging, config.apiMaxResults);
        const detail = await catalogue.findCategoryDetail(slug, read);
        if (!detail) throw new HttpError(404, apiMessages.categoryNotFound);
        return catalogueResponse(request, detail, linkHeader(url, read, detail.total));
      },
    }),
    route('/animals/search', {
      GET: async (request, _params, url) => {
        const query = parseOrThrow(AnimalSearchQuerySchema, queryOf(url));
        const read = pageToRead(query, config.apiMaxResults);
        const result = await catalogue.searchAnimals({ ...query, ...read });
        return catalogueResponse(request, result, linkHeader(url, read, result.total));
      },
    }),
    route('/animals/:id', {
      GET: async (request, { id = '' }) => {
        const animal = await catalogue.findAnimal(id);
        if (!animal) throw new HttpError(404, apiMessages.animalNotFound);
        return catalogueResponse(request, animal);
      },
    }),
    route('/contact', {
      POST: async (request) => {
        const body = await readJson(request, config.maxBodyBytes, apiMessages);
        const message = parseOrThrow(ContactMessageSchema, body);
        const key = request.headers.get('Idempotency-Key') ?? undefined;
        if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, apiMessages.badIdempotencyKey);
        return jsonResponse(await contact.save(message, key), 201, { 'Cache-Control': 'no-store' });
      },
    }),
  ];

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    for (const { pattern, methods } of routes) {
      const match = pattern.exec({ pathname });
      if (!match) continue;
      if (request.method === 'OPTIONS') return preflightResponse(request, config.allowedOrigins);
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const handler = methods[method as keyof Route['methods']];
      if (!handler) {
        const allow = [...Object.keys(methods), ...(methods.GET ? ['HEAD'] : []), 'OPTIONS'].join(', ');
        throw new HttpError(405, apiMessages.methodNotAllowed, { Allow: allow });
      }
      const params = Object.fromEntries(
        Object.entries(match.pathname.groups).map(([key, value]) => [key, safeDecode(value ?? '')]),
      );
      return handler(request, params, url);
    }
    throw new HttpError(404, apiMessages.routeNotFound);
  }

  return async function api(request: Request): Promise<Response> {
    let response: Response;
    try {
      response = await answer(request);
    } catch (error) {
      if (error instanceof HttpError) {
        response = errorResponse(error.status, error.message, error.headers);
      } else {
        logUnexpectedError('api', request.method, request.url, error);
        response = errorResponse(500, apiMessages.internal);
      }
    }
    const cors = corsHeaders(request, config.allowedOrigins);
    for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
    if (config.allowedOrigins.length > 0) response.headers.append('Vary', 'Origin');
    return response;
  };
}

function linkHeader(url: URL, read: Parameters<typeof nextPageLink>[1], total: number): Record<string, string> {
  const link = nextPageLink(url, read, total);
  return link ? { Link: link } : {};
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}
