/**
 * `npm run bench -- --memory-only`: the memory of pages alone, on one database. For each server setting
 * (npm start's, then each `--memory-settings`), in a fresh server on the same seeded catalogue: RSS idle
 * once the search's index is read (the server listens only then), the crawler's distinct animal pages
 * (8 at a time) with its peak RSS and pages per second, and RSS `--settle` seconds after it; each against
 * the targets: peak ≤ idle + 150 MiB, after ≤ idle + 60 MiB; beside RSS, what the server's own metrics
 * say it holds then (V8's heap used and committed, memory outside the heap such as Buffers), which tells
 * the JavaScript heap from native memory; and the same once more after a full garbage collection asked
 * through the server's inspector (opened on loopback for this run only), which tells what is held from
 * what merely waits to be collected. The settings take turns, so each meets the same moments of a busy
 * machine.
 */
import type { DialectName } from '../../src/server/db/database.ts';
import type { CatalogueRows } from '../../src/server/db/seed/seed.ts';
import { crawl, type CrawlFigures } from './crawl.ts';
import { openBenchDatabase, seed } from './databases.ts';
import { rssMiB } from './measure.ts';
import { CRAWL_CONCURRENCY, CRAWL_PAGES, PORT, POSTGRES_PORT, SETTLE_SECONDS } from './options.ts';
import { npmStartSettings, startShop, type ServerSettings } from './servers.ts';
import { markdown } from './tables.ts';

/** The targets after the crawl, above the idle server's RSS, in MiB. */
const PEAK_ABOVE_IDLE = 150;
const AFTER_ABOVE_IDLE = 60;
/** The idle server settles this long before its RSS is read. */
const IDLE_WAIT_MS = 5000;

const log = (message: string) => console.error(`bench: ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the server's metrics say it holds, in MiB. */
interface Held {
  heapUsed: number;
  heapTotal: number;
  external: number;
}

interface MemoryRun {
  settings: string;
  idle: number;
  idleHeld: Held | undefined;
  crawl: CrawlFigures;
  after: number;
  afterHeld: Held | undefined;
  collected: number;
  collectedHeld: Held | undefined;
}

/** A full garbage collection of the server, asked through its inspector (HeapProfiler.collectGarbage). */
async function collectGarbage(inspectorPort: number): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  await new Promise<void>((resolve) => {
    socket.addEventListener('message', () => resolve(), { once: true });
    socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
  });
  socket.close();
}

/** prom-client's default process metrics, read from the server's metrics listener. */
async function held(metricsUrl: string): Promise<Held | undefined> {
  try {
    const text = await (await fetch(metricsUrl)).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
    return {
      heapUsed: value('nodejs_heap_size_used_bytes'),
      heapTotal: value('nodejs_heap_size_total_bytes'),
      external: value('nodejs_external_memory_bytes'),
    };
  } catch {
    return undefined;
  }
}

/** `NAME=value … --flag …` (as written after `--memory-settings`) added to npm start's settings; `!NAME` and `!--flag` leave one out. */
function parseSettings(text: string, base: ServerSettings): ServerSettings {
  const env = { ...base.env };
  const flags = [...base.flags];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    if (word.startsWith('!--')) {
      const at = flags.findIndex((flag) => flag.split('=')[0] === word.slice(1).split('=')[0]);
      if (at !== -1) flags.splice(at, 1);
    } else if (word.startsWith('!')) delete env[word.slice(1)];
    else if (word.startsWith('--')) {
      const name = word.split('=')[0]!;
      const at = flags.findIndex((flag) => flag.split('=')[0] === name);
      if (at === -1) flags.push(word);
      else flags[at] = word;
    } else if (/^[A-Z_][A-Z0-9_]*=/.test(word)) {
      const [name, ...value] = word.split('=');
      env[name!] = value.join('=');
    } else throw new Error(`--memory-settings: "${word}" is neither NAME=value nor --flag`);
  }
  return { env, flags };
}

const describe = (settings: ServerSettings) =>
  [...Object.entries(settings.env).map(([name, value]) => `${name}=${value}`), ...settings.flags].join(' ');

async function oneRun(env: Record<string, string>, settings: ServerSettings, paths: string[]): Promise<MemoryRun> {
  const metricsPort = PORT + 2;
  const inspectorPort = PORT + 3;
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const server = await startShop(
    PORT,
    { ...env, METRICS_PORT: String(metricsPort) },
    { ...settings, flags: [...settings.flags, `--inspect=127.0.0.1:${inspectorPort}`] },
  );
  try {
    await sleep(IDLE_WAIT_MS);
    const pid = server.child.pid!;
    const idle = rssMiB(pid) ?? NaN;
    const idleHeld = await held(metricsUrl);
    const figures = await crawl(server, paths, CRAWL_CONCURRENCY);
    await sleep(SETTLE_SECONDS * 1000);
    const after = rssMiB(pid) ?? NaN;
    const afterHeld = await held(metricsUrl);
    await collectGarbage(inspectorPort);
    await sleep(IDLE_WAIT_MS);
    return {
      settings: describe(settings),
      idle,
      idleHeld,
      crawl: figures,
      after,
      afterHeld,
      collected: rssMiB(pid) ?? NaN,
      collectedHeld: await held(metricsUrl),
    };
  } finally {
    await server.stop();
  }
}

const within = (value: number, limit: number) => (value <= limit ? 'yes' : '**no**');

export async function memoryAlone(
  kind: DialectName,
  rows: CatalogueRows,
  extra: string[],
  rounds: number,
): Promise<string> {
  const base = npmStartSettings();
  const variants = [base, ...extra.map((text) => parseSettings(text, base))];
  const database = await openBenchDatabase(kind, POSTGRES_PORT);
  const runs: MemoryRun[] = [];
  try {
    log(`${kind}: seeding ${rows.animals.length.toLocaleString('en')} animals…`);
    await seed(database.env, rows);
    const paths = rows.animals.slice(0, CRAWL_PAGES).map((animal) => `/products/${animal.id}`);
    for (let round = 1; round <= rounds; round += 1)
      for (const settings of variants) {
        log(`${kind}: round ${round}, ${describe(settings)}: idle, the crawler, ${SETTLE_SECONDS} s after…`);
        runs.push(await oneRun(database.env, settings, paths));
      }
  } finally {
    await database.dispose();
  }
  const mib = (value: number) => value.toFixed(0);
  const heldCell = (h: Held | undefined) => (h ? `${mib(h.heapUsed)} / ${mib(h.heapTotal)} / ${mib(h.external)}` : '—');
  return markdown(
    [
      'server settings',
      'idle RSS MiB',
      'crawl peak MiB (above idle)',
      `after ${SETTLE_SECONDS} s MiB (above idle)`,
      'pages/s',
      'heap used / committed / outside, idle MiB',
      'the same after',
      'after a full GC: RSS MiB (above idle); heap used / committed / outside',
      `peak ≤ idle + ${PEAK_ABOVE_IDLE}`,
      `after ≤ idle + ${AFTER_ABOVE_IDLE}`,
    ],
    runs.map((run) => {
      const peak = run.crawl.peakRssMiB ?? NaN;
      return [
        run.settings,
        mib(run.idle),
        `${mib(peak)} (+${mib(peak - run.idle)})`,
        `${mib(run.after)} (+${mib(run.after - run.idle)})`,
        `${run.crawl.pagesPerSecond.toFixed(0)}${run.crawl.failures > 0 ? `, ${run.crawl.failures} failed` : ''}`,
        heldCell(run.idleHeld),
        heldCell(run.afterHeld),
        `${mib(run.collected)} (+${mib(run.collected - run.idle)}); ${heldCell(run.collectedHeld)}`,
        within(peak - run.idle, PEAK_ABOVE_IDLE),
        within(run.after - run.idle, AFTER_ABOVE_IDLE),
      ];
    }),
  );
}
