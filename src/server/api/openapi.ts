/** `GET /api/openapi.json` (OpenAPI 3.1), generated from the zod schemas the API validates and answers with. */
import { z } from 'zod';
import {
  AnimalSchema,
  AnimalSearchQuerySchema,
  AnimalSearchResultSchema,
  ApiErrorBodySchema,
  CategoryDetailSchema,
  CategorySchema,
  ContactMessageSchema,
  ContactReceiptSchema,
  SuggestionsSchema,
} from '../../lib/schemas.ts';
import { isPrivateApiPath, API_PREFIX } from '../http/api-path.ts';
import { FRESH_CACHE_CONTROL } from '../http/cache-control.ts';
import { AnimalIdsQuerySchema, CategoryQuerySchema, SuggestQuerySchema } from './query-schemas.ts';
import { adminPaths, adminSchemas } from './admin/openapi.ts';
import { contentPaths, contentSchemas } from './admin/content-openapi.ts';
import { mePaths, meSchemas } from './me/openapi.ts';
import { errorAnswer, json, ref, type JsonSchema } from './openapi-parts.ts';

const error = errorAnswer('Error');

function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** Query parameters from an object schema: one parameter per property. */
function queryParameters(schema: z.ZodObject): unknown[] {
  const described = jsonSchema(schema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(described.properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: described.required?.includes(name) ?? false,
    schema: property,
  }));
}

const catalogueHeaders = {
  ETag: { description: 'Weak validator; send it back in If-None-Match to get 304.', schema: { type: 'string' } },
  'Cache-Control': { description: FRESH_CACHE_CONTROL, schema: { type: 'string' } },
};
const ok = (description: string, schema: unknown, withLink = false) => ({
  description,
  headers: withLink
    ? {
        ...catalogueHeaders,
        Link: { description: 'The next page: `<…>; rel="next"`, when there is one.', schema: { type: 'string' } },
      }
    : catalogueHeaders,
  content: json(schema),
});
const notModified = { description: 'The client’s copy (If-None-Match) is current.' };
const badQuery = error('A query parameter is not valid (the message says which, in Hebrew).');
const badUrl = error('The request could not be read (malformed request line or headers).');
const pictures =
  'Every `img` is an absolute URL: PUBLIC_SITE_URL when the server sets it, else the origin the request came to.';

/** A Clerk session (the owner's and editors' paths, a shopper's own): the `__session` cookie or `Authorization: Bearer`. */
const securitySchemes = {
  clerkSessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: '__session',
    description: 'The Clerk session token, as the shop’s own pages send it.',
  },
  clerkBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The same Clerk session token, in `Authorization: Bearer`.',
  },
};
const CLERK_SESSION = [{ clerkSessionCookie: [] }, { clerkBearer: [] }];

const answer = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Every operation completed in one place: who may call it, and the 400, 414 and 500 the server in front of every route may answer. */
function completed(paths: Record<string, Record<string, JsonSchema>>): JsonSchema {
  for (const [path, item] of Object.entries(paths))
    for (const operation of Object.values(item)) {
      operation['security'] = isPrivateApiPath(`${API_PREFIX}${path}`) ? CLERK_SESSION : [];
      const responses = operation['responses'] as Record<string, unknown>;
      responses['400'] ??= answer('BadRequest');
      responses['414'] = answer('UriTooLong');
      responses['500'] = answer('Internal');
    }
  return paths;
}

let documents = new Map<string, JsonSchema>();

/** The document, its server URL being `origin` (kept per origin: it never changes while the server runs). */
export function openApiDocument(origin: string): JsonSchema {
  let document = documents.get(origin);
  if (document) return document;
  if (documents.size > 16) documents = new Map();
  document = {
    openapi: '3.1.0',
    info: {
      title: 'חנות התיפלצים — catalogue API',
      version: '1.0.0',
      description:
        'The catalogue of the shop and its contact form. Errors are JSON `{ "message": "…" }` in Hebrew. ' +
        'Origins listed in the server’s ALLOWED_ORIGINS may call it with credentials (CORS). ' +
        'Query text is decoded leniently: a `%` that does not start an escape is a literal `%`. ' +
        pictures +
        ' The paths under /admin are the owner’s: a Clerk session token (the `__session` cookie or ' +
        '`Authorization: Bearer`) whose claims carry `metadata.role: "admin"`; changes need the shop’s own ' +
        '`Origin` and the record’s ETag as `If-Match`; never CORS. The paths under /me are a signed-in ' +
        'shopper’s own (any Clerk session), from the shop’s own pages only: never CORS, never kept. A path the API does not have answers 404, and ' +
        'a method its path does not take 405 with `Allow` naming the ones it does (the methods below, HEAD ' +
        'with GET, and OPTIONS, whose CORS preflight names the same); both as `Error`.',
      // The shop's own catalogue and texts: no open licence (an SPDX reference of our own, not an SPDX list licence).
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: `${origin}/api` }],
    paths: completed({
      '/categories': {
        get: {
          operationId: 'listCategories',
          summary: 'Every category, in catalogue order',
          responses: { 200: ok('The categories.', { type: 'array', items: ref('Category') }), 304: notModified },
        },
      },
      '/categories/{slug}': {
        get: {
          operationId: 'getCategory',
          summary: 'One category; with isPopulate=true, with a page of its animals',
          parameters: [
            { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
            ...queryParameters(CategoryQuerySchema),
          ],
          responses: {
            200: ok(
              'The category, or with isPopulate=true `{ category, animals, total }`.',
              { oneOf: [ref('Category'), ref('CategoryDetail')] },
              true,
            ),
            304: notModified,
            301: {
              ...error('The category was renamed: `Location` is its new address (the query kept).'),
              headers: { Location: { description: 'The new address.', schema: { type: 'string' } } },
            },
            400: badQuery,
            404: error('No category has this slug.'),
          },
        },
      },
      '/animals/search': {
        get: {
          operationId: 'searchAnimals',
          summary: 'Animals matching the text and the filters, sorted, a page at a time',
          description:
            'Every word of `search` must match a word of the name or description, in any order: as typed, ' +
            'without Hebrew prefix letters, or in another form of the word (plural, construct, feminine, ' +
            'with or without ו/י); the last word also as the start of a word. Text found as it stands in the ' +
            'name or description always matches. When nothing matches, the text typed in the other keyboard ' +
            'layout (Hebrew ↔ English) is tried, then spelling corrections; `correctedQuery` and ' +
            '`correction` then say what was searched (`exact=1` turns this off). An empty parameter counts ' +
            'as absent; `minPrice` above `maxPrice` is a 400. `facets` count the matches without each ' +
            'facet’s own filter.',
          parameters: queryParameters(AnimalSearchQuerySchema),
          responses: {
            200: ok('A page of matches, how many match in all, and the facets.', ref('AnimalSearchResult'), true),
            304: notModified,
            400: badQuery,
          },
        },
      },
      '/animals/suggest': {
        get: {
          operationId: 'suggestAnimals',
          summary: 'Up to 8 animals and categories for the text typed so far',
          description:
            'Names that start with the text, then names with a word that starts with it (word forms and ' +
            'prefix letters as in search), then categories; ties in name order. Nothing found: the other ' +
            'keyboard layout, then spelling. Empty text: an empty list.',
          parameters: queryParameters(SuggestQuerySchema),
          responses: {
            200: ok('The suggestions, best first; `href` is the page of the animal or category.', ref('Suggestions')),
            304: notModified,
            400: badQuery,
          },
        },
      },
      '/animals': {
        get: {
          operationId: 'getAnimals',
          summary: 'The animals of a list of ids (a list of favourites), in the order asked',
          description:
            'An id no animal shoppers are shown has (deleted, hidden, unknown) is left out of the answer. ' + pictures,
          parameters: queryParameters(AnimalIdsQuerySchema),
          responses: {
            200: ok('The animals found.', ref('AnimalList')),
            304: notModified,
            400: badQuery,
          },
        },
      },
      '/animals/{id}': {
        get: {
          operationId: 'getAnimal',
          summary: 'One animal',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: ok('The animal.', ref('Animal')), 304: notModified, 404: error('No animal has this id.') },
        },
      },
      '/contact': {
        post: {
          operationId: 'sendContactMessage',
          summary: 'Send a message to the shop',
          requestBody: { required: true, content: json(jsonSchema(ContactMessageSchema, 'input')) },
          responses: {
            201: { description: 'Stored.', content: json(ref('ContactReceipt')) },
            400: error('The body is not valid JSON or a field is not valid (the message says which).'),
            413: error('The body is larger than the server’s MAX_BODY_BYTES.'),
            415: error('The body is not sent as application/json.'),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          responses: { 200: { description: 'OpenAPI 3.1', content: json({ type: 'object' }) } },
        },
      },
      ...adminPaths(),
      ...contentPaths(),
      ...mePaths(),
    }),
    components: {
      securitySchemes,
      schemas: {
        Category: jsonSchema(CategorySchema),
        Animal: jsonSchema(AnimalSchema),
        AnimalList: {
          type: 'object',
          required: ['animals'],
          properties: { animals: { type: 'array', items: ref('Animal') } },
        },
        CategoryDetail: jsonSchema(CategoryDetailSchema),
        AnimalSearchResult: jsonSchema(AnimalSearchResultSchema),
        Suggestions: jsonSchema(SuggestionsSchema),
        ContactReceipt: jsonSchema(ContactReceiptSchema),
        Error: jsonSchema(ApiErrorBodySchema),
        ...adminSchemas(jsonSchema),
        ...contentSchemas(jsonSchema),
        ...meSchemas(jsonSchema),
      },
      responses: {
        BadRequest: badUrl,
        UriTooLong: error('The path and query are longer than 8 KiB.'),
        Internal: error('The server failed; try again later.'),
      },
    },
  };
  documents.set(origin, document);
  return document;
}
