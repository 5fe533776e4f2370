/** The API client: the shop's error texts for each branch, credentials, both search readings. */
import { describe, expect, it, vi } from 'vitest';
import { getAnimal, getCategories, searchAnimals, sendContactMessage } from '../../src/lib/api/client.ts';
import { AN_ERROR_OCCURRED, ApiError, NO_RESPONSE } from '../../src/lib/api/errors.ts';

const answer = (body: string, status = 200) => vi.fn(async () => new Response(body, { status }));

describe('API client', () => {
  it('sends cookies with every call to the configured base', async () => {
    const fetch = answer('[]');
    await getCategories({ fetch, base: 'https://api.example/v1' });
    expect(fetch).toHaveBeenCalledWith(
      'https://api.example/v1/categories',
      expect.objectContaining({ credentials: 'include' }),
    );
    const post = answer('{"_id":"x","createdAt":"now"}', 201);
    await sendContactMessage({ subject: 'a', message: 'b' }, { fetch: post });
    expect(post).toHaveBeenCalledWith(
      '/api/contact',
      expect.objectContaining({ credentials: 'include', method: 'POST' }),
    );
  });

  it('uses the server message when the server answered with an error', async () => {
    const error = await getAnimal('x', { fetch: answer('{"message":"התיפלץ לא נמצא"}', 404) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('התיפלץ לא נמצא');
    expect((error as ApiError).status).toBe(404);
  });

  it.each([
    ['no message field', '{"error":"x"}'],
    ['an empty message', '{"message":""}'],
    ['a body that is not JSON', '<html>Bad gateway</html>'],
    ['no body', ''],
  ])('falls back to "An error occurred" for an error answer with %s', async (_, body) => {
    await expect(getCategories({ fetch: answer(body, 502) })).rejects.toMatchObject({
      message: AN_ERROR_OCCURRED,
      status: 502,
    });
  });

  it('says no response arrived when the request never got an answer', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(getCategories({ fetch })).rejects.toThrow(NO_RESPONSE);
  });

  it("otherwise uses the request's own message", async () => {
    const error = (await getCategories({ fetch: answer('{broken') }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).not.toBe(AN_ERROR_OCCURRED);
    expect(error.message).toMatch(/JSON/i);
  });

  it('lets an aborted call through as an abort, not an error to show', async () => {
    const fetch = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(getCategories({ fetch })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('accepts both readings of the search answer', async () => {
    const animal = { _id: '1', name: 'א' };
    const fromList = await searchAnimals({ search: '', sort: 'name' }, { fetch: answer(JSON.stringify([animal])) });
    expect(fromList).toEqual({ animals: [animal], total: 1 });
    const fromObject = await searchAnimals(
      { search: '', sort: 'name' },
      { fetch: answer(JSON.stringify({ animals: [animal], total: 40 })) },
    );
    expect(fromObject).toEqual({ animals: [animal], total: 40 });
  });

  it('encodes the search and sort into the query', async () => {
    const fetch = answer('{"animals":[],"total":0}');
    await searchAnimals({ search: 'דרקון & co', sort: 'price', limit: 24, page: 2 }, { fetch });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://x');
    expect(url.pathname).toBe('/api/animals/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'דרקון & co',
      sort: 'price',
      limit: '24',
      page: '2',
    });
  });
});
