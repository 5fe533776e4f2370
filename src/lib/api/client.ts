/**
 * The one typed client of the catalogue API (§7), used by every island.
 * Base address from PUBLIC_API_URL (default: same origin /api); cookies go with every
 * call; the response body is used as it comes. Errors follow §8 (see ./errors.ts).
 */
import type { Animal, AnimalSearchResult, AnimalSort, Category, ContactMessage, ContactReceipt } from '../schemas.ts';
import { API_BASE } from './base.ts';
import { errorFromResponseBody, isAbort, noResponseError, otherError } from './errors.ts';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Another base address (tests, other deployments). */
  base?: string;
  fetch?: typeof fetch;
}

async function request<T>(path: string, init: RequestInit, options: RequestOptions = {}): Promise<T> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${options.base ?? API_BASE}${path}`, {
      ...init,
      credentials: 'include',
      headers: { Accept: 'application/json', ...init.headers },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw noResponseError();
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!response.ok) throw errorFromResponseBody(undefined, response.status);
    if (isAbort(error)) throw error;
    throw otherError(error);
  }
  if (!response.ok) throw errorFromResponseBody(body, response.status);
  return body as T;
}

function get<T>(path: string, options?: RequestOptions): Promise<T> {
  return request<T>(path, { method: 'GET' }, options);
}

/** GET categories */
export function getCategories(options?: RequestOptions): Promise<Category[]> {
  return get<Category[]>('/categories', options);
}

export interface AnimalSearch {
  search: string;
  sort: AnimalSort;
  limit?: number;
  page?: number;
}

/**
 * GET animals/search. Accepts both readings of the answer (§7): a plain list, or an
 * object holding an animals array, so another backend implementing §7 also works.
 */
export async function searchAnimals(query: AnimalSearch, options?: RequestOptions): Promise<AnimalSearchResult> {
  const params = new URLSearchParams({ search: query.search, sort: query.sort });
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  const body = await get<Animal[] | { animals: Animal[]; total?: number }>(`/animals/search?${params}`, options);
  return toSearchResult(body);
}

export function toSearchResult(body: Animal[] | { animals: Animal[]; total?: number }): AnimalSearchResult {
  if (Array.isArray(body)) return { animals: body, total: body.length };
  return { animals: body.animals, total: body.total ?? body.animals.length };
}

/** GET animals/{id} */
export function getAnimal(id: string, options?: RequestOptions): Promise<Animal> {
  return get<Animal>(`/animals/${encodeURIComponent(id)}`, options);
}

/**
 * POST contact: stores a contact message. With an idempotency key, the server stores it once however
 * often it is sent, and answers a repeat with the first receipt.
 */
export function sendContactMessage(
  message: ContactMessage,
  options?: RequestOptions & { idempotencyKey?: string },
): Promise<ContactReceipt> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (options?.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  return request<ContactReceipt>('/contact', { method: 'POST', body: JSON.stringify(message), headers }, options);
}
