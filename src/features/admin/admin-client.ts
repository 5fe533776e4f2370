/**
 * The admin's islands talk to /api/admin through this one function: same-origin JSON with the session
 * cookie, the record's version as If-Match, and every refusal as an AdminRequestError carrying what
 * the forms show (the Hebrew message, a message per field, the other writer's record on 412).
 */
import { etagOf } from '../../lib/record-version.ts';
import { signInReturningTo } from '../../lib/paths.ts';
import { adminStrings as t } from './strings.ts';

export const ADMIN_API = '/api/admin';

export class AdminRequestError extends Error {
  /** 0 when no answer came. */
  readonly status: number;
  readonly fields: Readonly<Record<string, string>>;
  /** On 412: the record as someone else left it. */
  readonly current: unknown;
  /** The whole answer (a refused spreadsheet's rows). */
  readonly answer: unknown;
  constructor(
    status: number,
    message: string,
    fields: Record<string, string> = {},
    current?: unknown,
    answer?: unknown,
  ) {
    super(message);
    this.name = 'AdminRequestError';
    this.status = status;
    this.fields = fields;
    this.current = current;
    this.answer = answer;
  }
}

/** A file sent as a multipart form (a picture), on the version the owner saw. */
export function adminUpload<T>(path: string, field: string, file: Blob, version: number): Promise<T> {
  const form = new FormData();
  form.append(field, file);
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
  let response: Response;
  try {
    response = await fetch(`${ADMIN_API}${path}`, { method, headers, body: payload, credentials: 'same-origin' });
  } catch {
    throw new AdminRequestError(0, t.form.network);
  }
  if (response.status === 204) return undefined as T;
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new AdminRequestError(response.status, t.form.network);
  }
  if (response.ok) return answer as T;
  const record = (answer ?? {}) as { message?: unknown; fields?: unknown; current?: unknown };
  throw new AdminRequestError(
    response.status,
    typeof record.message === 'string' ? record.message : t.form.network,
    record.fields && typeof record.fields === 'object' ? (record.fields as Record<string, string>) : {},
    record.current,
    answer,
  );
}

/** The sign-in page, coming back to where the owner is. */
export function signInAgainHref(): string {
  return signInReturningTo(location.pathname + location.search);
}
