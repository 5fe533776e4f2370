/**
 * How soon running servers show an import in search (`npm run bench:spreadsheet`, PostgreSQL): each
 * server is asked, one request after another, for the animals priced at `price` or more — none before
 * the import, every animal after it. Each server's time is from the import's commit to the first answer
 * counting every animal: its version reader seeing the change (every 250 ms), the change feed read and
 * applied to its index, the search answered.
 */
import { httpGet } from './http-get.ts';
import { startShop, type Running } from './servers.ts';

interface Watch {
  /** Resolves with each server's ms from `committedAt()` to the answer that counts every animal. */
  shown(committedAt: () => number): Promise<number[]>;
  stop(): Promise<void>;
}

/** Starts `count` servers as `npm start` runs them on ports from `port`, all on the database of `env`. */
export async function watchServers(
  count: number,
  port: number,
  env: Record<string, string>,
  price: number,
  animals: number,
): Promise<Watch> {
  const servers: Running[] = [];
  try {
    // One at a time: the first may build the shop.
    for (let at = 0; at < count; at++) servers.push(await startShop(port + at, env));
  } catch (error) {
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  const total = async (server: Running) => {
    const answer = await httpGet(`${server.url}/api/animals/search?minPrice=${price}&limit=1`);
    if (answer.status !== 200) throw new Error(`the search answered ${answer.status}`);
    return (JSON.parse(answer.body.toString('utf8')) as { total: number }).total;
  };
  for (const server of servers) {
    if ((await total(server)) !== 0) throw new Error(`animals priced at ${price} or more before the import`);
  }
  let watching = true;
  const seen = servers.map(async (server) => {
    while (watching) {
      const counted = await total(server);
      if (counted === animals) return performance.now();
      if (counted !== 0 && counted !== animals)
        throw new Error(`a search counted ${counted} of ${animals}: a partial index`);
    }
    return NaN;
  });
  return {
    async shown(committedAt) {
      const times = await Promise.all(seen);
      return times.map((at) => at - committedAt());
    },
    async stop() {
      watching = false;
      await Promise.allSettled(seen);
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
