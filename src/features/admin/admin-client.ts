/**
 * The admin's islands talk to /api/admin through this one function, on the shop's one fetch of JSON
 * (src/lib/api/client.ts): same-origin with the session cookie, the record's version as If-Match, and
 * every refusal an ApiError carrying what the forms show (the Hebrew message, a message per field, the
 * other writer's record on 412).
 */
import { fetchJson } from '../../lib/api/client.ts';
import { etagOf } from '../../lib/record-version.ts';
import { signInReturningTo } from '../../lib/paths.ts';
import { adminStrings as t } from './strings.ts';

export const ADMIN_API = '/api/admin';

/** A file sent as a multipart form (a picture, with its other fields: where its crop sits), on the version the owner saw. */
export function adminUpload<T>(
  path: string,
  field: string,
  file: Blob,
  version: number,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return adminRequest<T>(path, { method: 'PUT', form, version });
}

interface Options {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The version the change is made on (If-Match). */
  version?: number | undefined;
  /** A raw body (the spreadsheet) with its type. */
  raw?: { body: Blob; type: string };
  /** A multipart body (the browser sets its type). */
  form?: FormData;
}

export async function adminRequest<T>(
  path: string,
  { method = 'GET', body, version, raw, form }: Options = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (version !== undefined) headers['If-Match'] = etagOf(version);
  let payload: BodyInit | null = null;
  if (form) {
    payload = form;
  } else if (raw) {
    headers['Content-Type'] = raw.type;
    payload = raw.body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  return fetchJson<T>(
    `${ADMIN_API}${path}`,
    { method, headers, body: payload, credentials: 'same-origin' },
    { texts: { noResponse: t.form.network, anError: t.form.network } },
  );
}

/** The sign-in page, coming back to where the owner is. */
export function signInAgainHref(): string {
  return signInReturningTo(location.pathname + location.search);
}
