/**
 * Page figures for `npm run bench` (scripts/bench.ts): for each page, its HTML's size gzip-compressed
 * and its time to first byte, as one visitor sees it (one request at a time, over loopback); and cold,
 * the first answer of each page after a catalogue change behind the server's back (a direct SQL update:
 * ./databases.ts), once the one-second freshness promise has passed.
 */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { markdown, quantile } from './tables.ts';

export interface PageFigures {
  path: string;
  status: number;
  /** Bytes of HTML after gzip: as sent when the server compressed it, else compressed here. */
  gzipBytes: number;
  /** Whether the server itself sent it gzip-compressed. */
  serverCompressed: boolean;
  ttfbMedian: number;
  ttfbP95: number;
  requests: number;
}

interface Answer {
  status: number;
  ttfb: number;
  body: Buffer;
  encoding: string | undefined;
}

function get(url: URL): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html' } }, (response) => {
      const ttfb = performance.now() - started;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ttfb,
          body: Buffer.concat(chunks),
          encoding: response.headers['content-encoding'],
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** One request for the page; its time to first byte, in ms (the body is read to the end). */
async function timeFirstByte(url: URL): Promise<number> {
  const answer = await get(url);
  if (answer.status >= 500) throw new Error(`${url.pathname}${url.search} answered ${answer.status}`);
  return answer.ttfb;
}

/** Requests the page `warmUp` times, then `count` times one after another, timing the first byte of each. */
export async function measurePage(base: string, path: string, count = 50, warmUp = 5): Promise<PageFigures> {
  const url = new URL(path, base);
  let last: Answer | undefined;
  for (let i = 0; i < warmUp; i++) last = await get(url);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    last = await get(url);
    times.push(last.ttfb);
  }
  const serverCompressed = last!.encoding === 'gzip';
  return {
    path,
    status: last!.status,
    gzipBytes: serverCompressed ? last!.body.length : gzipSync(last!.body).length,
    serverCompressed,
    ttfbMedian: quantile(times, 0.5),
    ttfbP95: quantile(times, 0.95),
    requests: count,
  };
}

export function pagesTable(rows: (PageFigures & { database: string })[]): string {
  return markdown(
    ['database', 'page', 'status', 'HTML gzip KB', 'TTFB median ms', 'TTFB p95 ms', 'requests'],
    rows.map((row) => [
      row.database,
      `\`${row.path}\``,
      String(row.status),
      `${(row.gzipBytes / 1024).toFixed(1)}${row.serverCompressed ? '' : ' (gzipped here)'}`,
      row.ttfbMedian.toFixed(1),
      row.ttfbP95.toFixed(1),
      String(row.requests),
    ]),
  );
}

export interface ColdFigures {
  path: string;
  ttfbMedian: number;
  ttfbP95: number;
  rounds: number;
}

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
    const ttfb = times.get(path)!;
    return { path, ttfbMedian: quantile(ttfb, 0.5), ttfbP95: quantile(ttfb, 0.95), rounds };
  });
}
