/** What every admin route's handler is given and answers with, and its writes' If-Match. */
import { etagOf, versionOfEtag } from '../../../lib/record-version.ts';
import type { Actor } from '../../db/catalogue/audit.ts';
import { HttpError } from '../responses.ts';
import { adminMessages } from './messages.ts';

export { etagOf };

/** A request that passed the admin's checks: its route's parameters and who made it. */
interface Call {
  request: Request;
  params: Record<string, string>;
  url: URL;
  who: Actor;
}

export type Handler = (call: Call) => Promise<Response>;

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Every admin answer: never stored by a browser or a cache. */
export const NO_STORE = { 'Cache-Control': 'no-store' };

/** If-Match of a write: absent → undefined (the writes answer 428), not one of our ETags → 400. */
export function versionFromIfMatch(request: Request): number | undefined {
  const header = request.headers.get('If-Match');
  if (header === null) return undefined;
  const version = versionOfEtag(header);
  if (version === undefined) throw new HttpError(400, adminMessages.badIfMatch);
  return version;
}
