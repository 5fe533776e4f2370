/**
 * The one typed client of the catalogue API (docs/api.md), used by every island.
 * Base address from PUBLIC_API_URL (default: same origin /api); cookies go with every
 * call; the response body is used as it comes. Its errors are the shop's error texts (./errors.ts).
 */
import type { Animal, AnimalSearchResult, AnimalSort, Category, ContactMessage, ContactReceipt } from '../schemas.ts';
import { API_BASE } from './base.ts';
import { AN_ERROR_OCCURRED, ApiError, errorFromResponseBody, isAbort, NO_RESPONSE, otherError } from './errors.ts';

export interface RequestOptions {
  signal?: AbortSignal;
  /** Another base address (tests, other deployments). */
  base?: string;
  fetch?: typeof fetch;
}

/** How a call's failures read: the texts for no answer and for an error answer without a message. */
interface FailureTexts {
  noResponse: string;
  anError: string;
}

const CONTRACT_TEXTS: FailureTexts = { noResponse: NO_RESPONSE, anError: AN_ERROR_OCCURRED };

/**
 * The one fetch of JSON every island's call goes through, the catalogue's and the admin's: the answer's
 * body (undefined for 204), or an ApiError with the answer's message, fields and current record; an
 * aborted call rethrows its AbortError.
 */
export async function fetchJson<T>(
  url: string,
  init: RequestInit,
  { fetch: doFetch = fetch, texts = CONTRACT_TEXTS }: { fetch?: typeof fetch; texts?: FailureTexts } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await doFetch(url, { ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(texts.noResponse);
  }
  if (response.status === 204) return undefined as T;
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!response.ok) throw errorFromResponseBody(undefined, response.status, texts.anError);
    if (isAbort(error)) throw error;
    throw otherError(error);
  }
  if (!response.ok) throw errorFromResponseBody(body, response.status, texts.anError);
  return body as T;
}

function request<T>(path: string, init: RequestInit, options: RequestOptions = {}): Promise<T> {
  return fetchJson<T>(
    `${options.base ?? API_BASE}${path}`,
    { ...init, credentials: 'include', ...(options.signal ? { signal: options.signal } : {}) },
    options.fetch ? { fetch: options.fetch } : {},
  );
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
  /** The search's filters; absent ones are not sent. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  minRating?: number | undefined;
  category?: string | undefined;
  /** No layout or spelling corrections. */
  exact?: boolean | undefined;
}

/**
 * GET animals/search. Accepts both readings of the answer the API contract allows: a plain list, or an
 * object holding an animals array, so another backend implementing the contract also works.
 */
export async function searchAnimals(query: AnimalSearch, options?: RequestOptions): Promise<AnimalSearchResult> {
  const params = new URLSearchParams({ search: query.search, sort: query.sort });
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.page !== undefined) params.set('page', String(query.page));
  for (const name of ['minPrice', 'maxPrice', 'minRating', 'category'] as const) {
    if (query[name] !== undefined) params.set(name, String(query[name]));
  }
  if (query.inStock) params.set('inStock', '1');
  if (query.exact) params.set('exact', '1');
  const body = await get<Animal[] | AnimalSearchResult>(`/animals/search?${params}`, options);
  return toSearchResult(body);
}

/** The contract's answer in either reading; what this API adds (correction, facets) is kept when present. */
function toSearchResult(body: Animal[] | (Omit<AnimalSearchResult, 'total'> & { total?: number })): AnimalSearchResult {
  if (Array.isArray(body)) return { animals: body, total: body.length };
  const { animals, total, correctedQuery, correction, facets } = body;
  return {
    animals,
    total: total ?? animals.length,
    ...(correctedQuery !== undefined && correction !== undefined ? { correctedQuery, correction } : {}),
    ...(facets ? { facets } : {}),
  };
}

/** GET animals?ids=… (a list of favourites): the animals the shop shows of these, in their order. */
export async function getAnimals(ids: readonly string[], options?: RequestOptions): Promise<Animal[]> {
  if (ids.length === 0) return [];
  return (await get<{ animals: Animal[] }>(`/animals?ids=${ids.join(',')}`, options)).animals;
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
