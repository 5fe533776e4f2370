/** What every admin route's handler is given and answers with (./admin-routes.ts, ./content-routes.ts). */
import type { Actor } from '../../db/catalogue/audit.ts';

/** A request that passed the admin's checks: its route's parameters and who made it. */
interface Call {
  request: Request;
  params: Record<string, string>;
  url: URL;
  who: Actor;
}

export type Handler = (call: Call) => Promise<Response>;

/** The methods an admin route may take. */
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every admin answer: never stored by a browser or a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' };
