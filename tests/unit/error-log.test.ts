/** Unexpected errors are logged once, as one JSON line with method and path; a client that went away is not an error. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/server/api/router.ts';
import type { Catalogue } from '../../src/server/db/catalogue/catalogue-reads.ts';

const config = {
  allowedOrigins: [],
  maxBodyBytes: 16_384,
  apiMaxResults: 1000,
  publicSiteUrl: undefined,
  trustProxy: false,
};

function apiFailingWith(error: unknown) {
  const fail = async () => {
    throw error;
  };
  const catalogue = { listCategories: fail } as unknown as Catalogue;
  const api = createApi({ catalogue, contact: { save: fail }, config });
  // As the edge asks it (src/server/http/edge.ts).
  return (target: string, headers: Record<string, string> = {}) =>
    api.answer({
      method: 'GET',
      target,
      origin: 'http://shop.test',
      request: () => new Request(`http://shop.test${target}`, { headers }),
    });
}

describe('the error log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs an unexpected error as one JSON line with method and path, no query, cookie or stack', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = apiFailingWith(new Error('database on fire\n    at somewhere (/srv/shop/x.ts:1:1)'));
    const { answer } = await api('/api/categories?secret=1', { cookie: '__session=abc' });
    expect(answer.status).toBe(500);
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]![0]);
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      level: 'error',
      where: 'api',
      method: 'GET',
      path: '/api/categories',
      error: { name: 'Error', message: 'database on fire' },
    });
    expect(line).not.toMatch(/secret|__session|x\.ts/);
  });

  it('does not log a client that went away mid-body', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = apiFailingWith(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    await api('/api/categories');
    expect(log).not.toHaveBeenCalled();
  });
});
