/** What every admin route's handler is given and answers with (./router.ts, ./content-routes.ts). */
import type { Actor } from '../../db/catalogue/audit.ts';

/** A request that passed the admin's checks: its route's parameters and who made it. */
interface Call {
  request: Request;
  params: Record<string, string>;
  url: URL;
  who: Actor;
}

export type Handler = (call: Call) => Promise<Response>;

/** Every admin answer: never stored by a browser or a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' };
