/** The public catalogue's routes (docs/api.md): a GET's answer depends on the address alone, so the router may keep it; a POST reads the request. */
import { AnimalSearchQuerySchema, ContactMessageSchema } from '../../lib/schemas.ts';
import type { Config } from '../config.ts';
import { IDEMPOTENCY_KEY, type ContactStore } from '../db/contact/contact-messages.ts';
import type { Catalogue } from '../db/catalogue/catalogue-reads.ts';
import { API_PREFIX } from '../http/api-path.ts';
import type { PreparedResponse } from '../http/prepared-response.ts';
import { withAbsolutePictures } from '../http/public-origin.ts';
import { apiMessages } from './messages.ts';
import { openApiDocument } from './openapi.ts';
import { nextPageLink, pageToRead } from './paging.ts';
import { AnimalIdsQuerySchema, CategoryQuerySchema, SuggestQuerySchema } from './query-schemas.ts';
import { HttpError, jsonResponse, prepareCatalogueAnswer, readJson } from './responses.ts';
import { parseOrThrow, queryOf } from './routes.ts';

/** What a public route's handler is given: the request itself is made only when a handler reads it. */
export interface PublicCall {
  params: Record<string, string>;
  url: URL;
  /** The public origin, for the pictures' absolute URLs. */
  origin: string;
  readonly request: Request;
}

export type PublicHandler = (call: PublicCall) => Promise<Response | PreparedResponse>;
export type PublicMethods = { GET?: PublicHandler; POST?: PublicHandler };

interface PublicDependencies {
  catalogue: Catalogue;
  /** Contact messages, stored once per Idempotency-Key. */
  contact: ContactStore;
  config: Pick<Config, 'maxBodyBytes' | 'apiMaxResults'>;
}

function linkHeader(url: URL, read: Parameters<typeof nextPageLink>[1], total: number): Record<string, string> {
  const link = nextPageLink(url, read, total);
  return link ? { Link: link } : {};
}

export function publicRoutes(
  route: (pathname: string, methods: PublicMethods) => void,
  { catalogue, contact, config }: PublicDependencies,
): void {
  /** A catalogue answer with absolute picture URLs (front ends on other origins show them). */
  const prepare = (origin: string, body: unknown, extraHeaders: Record<string, string> = {}) =>
    prepareCatalogueAnswer(withAbsolutePictures(origin, body), extraHeaders);

  route('/openapi.json', {
    GET: async ({ origin }) => prepareCatalogueAnswer(openApiDocument(origin)),
  });
  route('/categories', {
    GET: async ({ origin }) => prepare(origin, await catalogue.listCategories()),
  });
  route('/categories/:slug', {
    GET: async ({ params: { slug = '' }, url, origin }) => {
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
  route('/animals', {
    GET: async ({ url, origin }) => {
      const { ids } = parseOrThrow(AnimalIdsQuerySchema, queryOf(url));
      return prepare(origin, { animals: await catalogue.findAnimals(ids) });
    },
  });
  route('/animals/search', {
    GET: async ({ url, origin }) => {
      const query = parseOrThrow(AnimalSearchQuerySchema, queryOf(url));
      const read = pageToRead(query, config.apiMaxResults);
      const result = await catalogue.searchAnimals({ ...query, ...read });
      return prepare(origin, result, linkHeader(url, read, result.total));
    },
  });
  route('/animals/suggest', {
    GET: async ({ url }) => {
      const { search } = parseOrThrow(SuggestQuerySchema, queryOf(url));
      return prepareCatalogueAnswer({ suggestions: await catalogue.suggest(search) });
    },
  });
  route('/animals/:id', {
    GET: async ({ params: { id = '' }, origin }) => {
      const animal = await catalogue.findAnimal(id);
      if (!animal) throw new HttpError(404, apiMessages.animalNotFound);
      return prepare(origin, animal);
    },
  });
  route('/contact', {
    POST: async ({ request }) => {
      const body = await readJson(request, config.maxBodyBytes, apiMessages);
      const message = parseOrThrow(ContactMessageSchema, body);
      const key = request.headers.get('Idempotency-Key') ?? undefined;
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, apiMessages.badIdempotencyKey);
      return jsonResponse(await contact.save(message, key), 201, { 'Cache-Control': 'no-store' });
    },
  });
}
