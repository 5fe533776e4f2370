/**
 * The one router of every /api path, public and admin: one route table, one dispatcher answering every method with a
 * prepared answer, one reading of errors. A public GET's answer is kept per catalogue version (found by its target before
 * routing); an admin request is checked against its route's area, its writes only from the shop's own Origin, never kept;
 * a shopper's own (/api/me) needs a signed-in session and the shop's own Origin, and is never kept either.
 */
import type { ClerkSettings } from '../clerk-settings.ts';
import type { Config } from '../config.ts';
import type { ContactStore } from '../db/contact/contact-messages.ts';
import type { Catalogue } from '../db/catalogue/catalogue-reads.ts';
import type { WriteDatabase } from '../db/write-transaction.ts';
import { API_PREFIX, isAdminApiPath, isPrivateApiPath } from '../http/api-path.ts';
import { prepareFromResponse, type PreparedResponse } from '../http/prepared-response.ts';
import { publicOrigin } from '../http/public-origin.ts';
import type { ResponseCache } from '../http/response-cache.ts';
import { isOutOfSpace } from '../db/out-of-space.ts';
import { logOutOfSpace, logUnexpectedError } from '../operations/error-log.ts';
import { accessFor, adminAccessOf, type AdminAccess, type Area } from './admin/access.ts';
import { adminErrorResponse, adminRoutes } from './admin/admin-routes.ts';
import type { Handler as AdminHandler, Method as AdminMethod } from './admin/calls.ts';
import { adminMessages } from './admin/messages.ts';
import { apiMessages } from './messages.ts';
import { meMessages } from './me/messages.ts';
import { meRoutes, type MeMethod, type MeMethods } from './me/me-routes.ts';
import { publicRoutes, type PublicCall, type PublicHandler, type PublicMethods } from './public-routes.ts';
import { HttpError, errorResponse, preflightResponse } from './responses.ts';
import { allowOf, createRouteTable } from './routes.ts';
import { userIdOf, verifiedSession } from './session.ts';
import type { ShopDatabase } from '../db/tables.ts';

type Route =
  | { area: undefined; methods: PublicMethods }
  | { area: Area; methods: Partial<Record<AdminMethod, AdminHandler>> }
  | { area: 'me'; methods: MeMethods };

interface ApiDependencies {
  catalogue: Catalogue;
  contact: ContactStore;
  config: Pick<Config, 'allowedOrigins' | 'maxBodyBytes' | 'apiMaxResults' | 'publicSiteUrl' | 'trustProxy'>;
  catalogueVersion?: () => Promise<string>;
  cache?: ResponseCache | undefined;
  /** The owner's admin routes; without them /api/admin is not found. */
  admin?:
    | {
        database: WriteDatabase;
        /** This process's Clerk settings (read once). */
        clerk: () => ClerkSettings;
        /** The audit's clock (tests pass a fixed one). */
        now?: (() => Date) | undefined;
      }
    | undefined;
  /** A signed-in shopper's own routes (favourites); without them /api/me is not found. */
  me?:
    | {
        db: ShopDatabase;
        /** This process's Clerk settings (read once). */
        clerk: () => ClerkSettings;
      }
    | undefined;
  /** Told of each write refused because the disk is full (the metrics count them). */
  onOutOfSpace?: (() => void) | undefined;
}

/** One API request as the router reads it: the web Request is made only when a route reads it. */
interface ApiRequest {
  method: string;
  /** Path and query, as the URL standard writes them. */
  target: string;
  origin: string;
  request: () => Request;
}

/** The answer, and for a cacheable one the cache's key (to count its compressed copies by) and whether it was a cache hit. */
interface Dispatched {
  answer: PreparedResponse;
  key?: string | undefined;
  cacheHit?: boolean | undefined;
}

/** The API: every /api request answered with the prepared answer, without CORS (`sendPrepared` adds it). */
export interface Api {
  answer(request: ApiRequest): Promise<Dispatched>;
}

const answerKey = (origin: string, target: string) => `api ${origin} ${target}`;
const WRITES: readonly string[] = ['POST', 'PATCH', 'PUT', 'DELETE'];

const refusal: Record<Exclude<AdminAccess['kind'], 'admin'>, [number, string, Record<string, string>?]> = {
  'no-clerk': [503, adminMessages.noClerk],
  'signed-out': [401, adminMessages.signedOut, { 'WWW-Authenticate': 'Bearer' }],
  'not-admin': [403, adminMessages.notAdmin],
};

const prepared = async (response: Response): Promise<Dispatched> => ({ answer: await prepareFromResponse(response) });

/** How long a client waits before trying a write refused for lack of space again, in seconds. */
const OUT_OF_SPACE_RETRY_AFTER = '60';

export function createApi({
  catalogue,
  contact,
  config,
  catalogueVersion,
  cache,
  admin,
  me,
  onOutOfSpace,
}: ApiDependencies): Api {
  const table = createRouteTable<Route>(API_PREFIX);
  publicRoutes((pathname, methods) => table.add(pathname, { area: undefined, methods }), {
    catalogue,
    contact,
    config,
  });
  if (admin)
    adminRoutes((pathname, area, methods) => table.add(`/admin${pathname}`, { area, methods }), {
      database: admin.database,
      config,
      now: admin.now,
      indexAt: catalogue.indexAt,
    });
  if (me) meRoutes((pathname, methods) => table.add(pathname, { area: 'me', methods }), { db: me.db, config });

  /** A public GET's answer: kept for this catalogue version, else made now (and kept, unless it is a Response). */
  async function getAnswer(handler: PublicHandler, call: PublicCall, target: string): Promise<Dispatched> {
    if (!cache || !catalogueVersion) {
      const answer = await handler(call);
      return answer instanceof Response ? prepared(answer) : { answer };
    }
    const key = answerKey(call.origin, target);
    const validity = { version: await catalogueVersion() };
    const hit = cache.get(key, validity);
    if (hit) return { answer: hit, key, cacheHit: true };
    const fresh = await handler(call);
    if (fresh instanceof Response) return prepared(fresh);
    cache.set(key, validity, fresh);
    return { answer: fresh, key };
  }

  async function answerAdmin(
    { method, request }: ApiRequest,
    route: Extract<Route, { area: Area }>,
    params: Record<string, string>,
    url: URL,
  ): Promise<Dispatched> {
    const allow = allowOf(route.methods);
    // No CORS, ever: a preflight from another origin learns nothing that lets it call.
    if (method === 'OPTIONS') return prepared(new Response(null, { status: 204, headers: { Allow: allow } }));
    const asked = (method === 'HEAD' ? 'GET' : method) as AdminMethod;
    const handler = route.methods[asked];
    if (!handler) throw new HttpError(405, apiMessages.methodNotAllowed, { Allow: allow });
    const web = request();
    const access = accessFor(await adminAccessOf(web, admin!.clerk()), route.area);
    if (access.kind !== 'admin') {
      const [status, message, headers] = refusal[access.kind];
      throw new HttpError(status, message, headers);
    }
    if (WRITES.includes(asked) && web.headers.get('Origin') !== publicOrigin(web, config))
      throw new HttpError(403, adminMessages.wrongOrigin);
    return prepared(await handler({ request: web, params, url, who: access.actor }));
  }

  /**
   * A shopper's own request: from the shop's own pages only (a foreign Origin is refused on every method, and a
   * change must name the shop's), and for a signed-in session only; never CORS.
   */
  async function answerMe({ method, request }: ApiRequest, route: Extract<Route, { area: 'me' }>): Promise<Dispatched> {
    const allow = allowOf(route.methods);
    if (method === 'OPTIONS') return prepared(new Response(null, { status: 204, headers: { Allow: allow } }));
    const asked = (method === 'HEAD' ? 'GET' : method) as MeMethod;
    const handler = route.methods[asked];
    if (!handler) throw new HttpError(405, apiMessages.methodNotAllowed, { Allow: allow });
    const web = request();
    const origin = web.headers.get('Origin');
    if (origin === null ? WRITES.includes(asked) : origin !== publicOrigin(web, config))
      throw new HttpError(403, meMessages.wrongOrigin);
    const userId = userIdOf(await verifiedSession(web, me!.clerk()));
    if (!userId) throw new HttpError(401, meMessages.signedOut, { 'WWW-Authenticate': 'Bearer' });
    return prepared(await handler({ request: web, userId }));
  }

  async function route(input: ApiRequest): Promise<Dispatched> {
    const url = new URL(input.target, 'http://api.invalid');
    const found = table.find(url.pathname);
    if (!found) throw new HttpError(404, apiMessages.routeNotFound);
    const { entry, params } = found;
    if (entry.area === 'me') return answerMe(input, entry);
    if (entry.area !== undefined) return answerAdmin(input, entry, params, url);
    const { method } = input;
    if (method === 'OPTIONS')
      return prepared(preflightResponse(input.request(), config.allowedOrigins, allowOf(entry.methods)));
    let made: Request | undefined;
    const call: PublicCall = {
      params,
      url,
      origin: input.origin,
      get request() {
        return (made ??= input.request());
      },
    };
    if ((method === 'GET' || method === 'HEAD') && entry.methods.GET)
      return getAnswer(entry.methods.GET, call, url.pathname + url.search);
    if (method === 'POST' && entry.methods.POST) {
      const answer = await entry.methods.POST(call);
      return answer instanceof Response ? prepared(answer) : { answer };
    }
    throw new HttpError(405, apiMessages.methodNotAllowed, { Allow: allowOf(entry.methods) });
  }

  /** Every error is answered here, once: an HttpError as itself, a full disk 503, an admin write's refusal as its own, the rest 500. */
  function errorAnswer(error: unknown, { method, target }: ApiRequest): Response {
    if (error instanceof HttpError) return errorResponse(error.status, error.message, error.headers);
    if (isOutOfSpace(error)) {
      onOutOfSpace?.();
      logOutOfSpace(isAdminApiPath(target) ? 'admin' : 'api', method, target, error);
      return errorResponse(503, apiMessages.outOfSpace, { 'Retry-After': OUT_OF_SPACE_RETRY_AFTER });
    }
    const refused = adminErrorResponse(error);
    if (refused) return refused;
    logUnexpectedError(isAdminApiPath(target) ? 'admin' : 'api', method, target, error);
    return errorResponse(500, apiMessages.internal);
  }

  async function answer(input: ApiRequest): Promise<Dispatched> {
    try {
      const cacheable = (input.method === 'GET' || input.method === 'HEAD') && !isPrivateApiPath(input.target);
      if (cache && catalogueVersion && cacheable) {
        // A cache hit is found by the target as it came, before any routing (the costly part of a hit).
        const key = answerKey(input.origin, input.target);
        const hit = cache.get(key, { version: await catalogueVersion() });
        if (hit) return { answer: hit, key, cacheHit: true };
      }
      return await route(input);
    } catch (error) {
      return prepared(errorAnswer(error, input));
    }
  }

  return { answer };
}
