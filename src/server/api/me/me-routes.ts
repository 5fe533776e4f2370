/**
 * A signed-in shopper's own routes under /api/me (docs/api.md), in the one route table (../router.ts): the
 * router checks the Origin and the session of every request and hands the handler the Clerk user id; the
 * answers are that shopper's alone (`no-store`, never kept, never CORS).
 * - GET /api/me/favorites: the account's favourites, its version as the ETag.
 * - PUT /api/me/favorites: the whole list replaced, on the version named by If-Match (412 with the list as it
 *   is when another device changed it first); at most MAX_FAVOURITES.
 */
import { etagOf } from '../../../lib/record-version.ts';
import { FavouriteIdsSchema } from '../../../lib/schemas.ts';
import type { Config } from '../../config.ts';
import { createFavouriteLists, type FavouriteList } from '../../db/favourites/favourite-lists.ts';
import type { ShopDatabase } from '../../db/tables.ts';
import { versionFromIfMatch } from '../admin/calls.ts';
import { apiMessages } from '../messages.ts';
import { HttpError, jsonResponse, readJson } from '../responses.ts';
import { parseOrThrow } from '../routes.ts';
import { meMessages } from './messages.ts';

/** A request that passed the router's checks: who made it. */
interface MeCall {
  request: Request;
  userId: string;
}

type MeHandler = (call: MeCall) => Promise<Response>;
export type MeMethod = 'GET' | 'PUT';
export type MeMethods = Partial<Record<MeMethod, MeHandler>>;

const NO_STORE = { 'Cache-Control': 'no-store' };

function listResponse(
  userId: string,
  list: FavouriteList,
  status = 200,
  extra: Record<string, unknown> = {},
): Response {
  return jsonResponse({ ...extra, ids: list.ids, account: userId }, status, {
    ...NO_STORE,
    ETag: etagOf(list.version),
  });
}

export function meRoutes(
  route: (pathname: string, methods: MeMethods) => void,
  { db, config }: { db: ShopDatabase; config: Pick<Config, 'maxBodyBytes'> },
): void {
  const lists = createFavouriteLists(db);
  route('/me/favorites', {
    GET: async ({ userId }) => listResponse(userId, await lists.read(userId)),
    PUT: async ({ request, userId }) => {
      const expected = versionFromIfMatch(request);
      if (expected === undefined) throw new HttpError(428, meMessages.needsIfMatch, NO_STORE);
      const { ids } = parseOrThrow(FavouriteIdsSchema, await readJson(request, config.maxBodyBytes, apiMessages));
      const replaced = await lists.replace(userId, ids, expected);
      if (!replaced.saved) {
        return listResponse(userId, replaced.current, 412, { message: meMessages.changedElsewhere });
      }
      return listResponse(userId, replaced.list);
    },
  });
}
