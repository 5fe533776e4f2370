/**
 * Pages cold, for `npm run bench`: the first render of each page after a catalogue change. Each round
 * changes the catalogue behind the server's back (a direct SQL update, scripts/bench/databases.ts),
 * waits out the one-second freshness promise, then asks each page once, one request at a time, and
 * times its first byte: every page's first answer after that change.
 */
import { timeFirstByte } from './pages.ts';

export interface ColdFigures {
  path: string;
  ttfbMedian: number;
  ttfbP95: number;
  rounds: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export async function measureCold(
  base: string,
  paths: string[],
  change: () => Promise<void>,
  { rounds, waitMs }: { rounds: number; waitMs: number },
): Promise<ColdFigures[]> {
  const times = new Map(paths.map((path) => [path, [] as number[]]));
  for (let round = 0; round < rounds; round += 1) {
    await change();
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    for (const path of paths) times.get(path)!.push(await timeFirstByte(new URL(path, base)));
  }
  return paths.map((path) => {
    const sorted = times.get(path)!.sort((a, b) => a - b);
    return { path, ttfbMedian: quantile(sorted, 0.5), ttfbP95: quantile(sorted, 0.95), rounds };
  });
}
