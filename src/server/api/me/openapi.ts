/**
 * A signed-in shopper's own API in /api/openapi.json (its part of the document, from the same zod schemas the
 * routes validate with): a Clerk session of any user, the shop's own Origin, never CORS.
 */
import { z } from 'zod';
import { MAX_FAVOURITES } from '../../../lib/favourites.ts';
import { FavouriteIdsSchema, FavouriteListSchema } from '../../../lib/schemas.ts';
import { errorAnswer, json, ref, type Describe, type JsonSchema } from '../openapi-parts.ts';

const error = errorAnswer('Error');

const etag = {
  ETag: {
    description: 'The list’s version, `"v<n>"` (`"v0"`: never saved): send it as If-Match.',
    schema: { type: 'string' },
  },
  'Cache-Control': { description: 'no-store', schema: { type: 'string' } },
};
const list = (description: string) => ({ description, headers: etag, content: json(ref('FavouriteList')) });
const refusals = {
  401: error('Signed out, or the session token is invalid or expired.'),
  403: error('The request came from another origin (a change must carry the shop’s own `Origin`).'),
};

export function mePaths(): JsonSchema {
  return {
    '/me/favorites': {
      get: {
        operationId: 'getMyFavorites',
        summary: 'The signed-in shopper’s favourites: animals’ ids, newest first',
        description:
          'Kept per Clerk user, the same on every device. The ids are as saved: an animal deleted or hidden since ' +
          'is still listed (GET /animals?ids=… leaves it out).',
        responses: { 200: list('The list, with its version as the ETag.'), ...refusals },
      },
      put: {
        operationId: 'putMyFavorites',
        summary: `Replace the signed-in shopper’s favourites (at most ${MAX_FAVOURITES})`,
        description:
          'The whole list, newest first, on the version named by If-Match. When another device changed it first, ' +
          'nothing is saved and the answer is 412 with the list as it is now: apply the change to that and send again.',
        parameters: [
          {
            name: 'If-Match',
            in: 'header',
            required: true,
            description: 'The ETag of the version being replaced.',
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json(ref('FavouriteIds')) },
        responses: {
          200: list('Saved: the list with its new ETag.'),
          400: error(`Not a list of animals’ ids, more than ${MAX_FAVOURITES} of them, or a malformed If-Match.`),
          ...refusals,
          412: {
            description: 'Another device changed the list first: nothing saved; the list as it is now, with a message.',
            headers: etag,
            content: json(ref('FavouriteConflict')),
          },
          413: error('The body is larger than the server’s MAX_BODY_BYTES.'),
          415: error('The body is not sent as application/json.'),
          428: error('If-Match is missing.'),
        },
      },
    },
  };
}

export function meSchemas(describe: Describe): JsonSchema {
  return {
    FavouriteIds: describe(FavouriteIdsSchema, 'input'),
    FavouriteList: describe(FavouriteListSchema),
    FavouriteConflict: describe(FavouriteListSchema.extend({ message: z.string() })),
  };
}
