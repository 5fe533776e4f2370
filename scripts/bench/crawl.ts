/**
 * The crawler of `npm run bench`: distinct animal pages, a few at a time, as a search engine's crawler
 * or a shared link's previews walk a shop — every page asked once, so no cache can answer twice.
 */
import { Agent, request } from 'node:http';
import { notePeak, peakMiB, resetPeak } from './measure.ts';
import type { Running } from './servers.ts';

export interface CrawlFigures {
  pages: number;
  concurrency: number;
  seconds: number;
  pagesPerSecond: number;
  /** Answers other than 200. */
  failures: number;
  /** The server's peak RSS during the crawl, in MiB (Linux). */
  peakRssMiB: number | undefined;
}

function fetchPage(agent: Agent, url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip, br' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Asks each of `paths` once, `concurrency` at a time over kept-alive connections. */
export async function crawl(server: Running, paths: string[], concurrency: number): Promise<CrawlFigures> {
  const pid = server.child.pid!;
  notePeak(pid);
  resetPeak(pid);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const sampler = setInterval(() => notePeak(pid), 500);
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const path = paths[next++]!;
          if ((await fetchPage(agent, new URL(path, server.url))) !== 200) failures += 1;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  notePeak(pid);
  return {
    pages: paths.length,
    concurrency,
    seconds,
    pagesPerSecond: paths.length / seconds,
    failures,
    peakRssMiB: peakMiB(pid),
  };
}
