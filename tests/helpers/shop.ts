/** A shop on a throwaway database, for tests: SQLite in a temp folder, or PostgreSQL when given a URL. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { openShop, type Shop } from '../../src/server/shop.ts';

export interface TestShop extends Shop {
  /** Calls the API with a path under /api. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  request(path: string, init?: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

export async function openTestShop(env: Record<string, string> = {}): Promise<TestShop> {
  const folder = mkdtempSync(join(tmpdir(), 'shop-test-'));
  const config = loadConfig({ DATABASE_PATH: join(folder, 'shop.db'), ...env });
  const shop = await openShop(config);
  const request = (path: string, init?: RequestInit) => shop.api(new Request(`http://shop.test/api${path}`, init));
  return {
    ...shop,
    request,
    get: (path, headers = {}) => request(path, { headers }),
    async dispose() {
      await shop.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
