/** If-Match on the admin API's writes: absent → 428 (by the writes), not one of our ETags → 400. */
import { etagOf, versionOfEtag } from '../../../lib/record-version.ts';
import { HttpError } from '../responses.ts';
import { adminMessages } from './messages.ts';

export { etagOf };

export function versionFromIfMatch(request: Request): number | undefined {
  const header = request.headers.get('If-Match');
  if (header === null) return undefined;
  const version = versionOfEtag(header);
  if (version === undefined) throw new HttpError(400, adminMessages.badIfMatch);
  return version;
}
