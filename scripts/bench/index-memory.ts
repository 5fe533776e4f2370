/**
 * `npm run bench:index-memory`: what the catalogue index costs in memory, per database. Seeds a synthetic
 * catalogue of `--animals`, then, `--rounds` times, a fresh process with npm start's memory settings opens
 * the shop's database (as a server does), collects garbage and reads its memory, reads the index whole
 * through the server's keeper, collects garbage and reads it again: the index's cost is the difference,
 * in one process, so the process's own size and the machine's other work cancel out. Prints RSS and the JavaScript heap per 100,000 animals, and what the
 * index's strings take by kind (a string of characters up to U+00FF takes one byte a character, any other
 * two), from the rows themselves.
 *   npm run bench:index-memory -- --animals 100000 --databases sqlite,postgres --rounds 3
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DialectName } from '../../src/server/db/database.ts';
import { syntheticCatalogue } from '../../src/server/db/seed/synthetic.ts';
import { openBenchDatabase, seed } from './databases.ts';
import { markdown } from './tables.ts';

const MIB = 2 ** 20;
const PER = 100_000;
const POSTGRES_PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 5445);

interface Figures {
  rss: number;
  /** RSS with the index minus RSS once it is dropped (what reading it left behind is in neither). */
  rssFreed: number;
  heap: number;
  external: number;
  strings: Record<string, number>;
}

/** The size V8 gives a flat string: a header and one or two bytes a character, in 4-byte words. */
const stringBytes = (text: string) =>
  12 + Math.ceil(([...text].some((c) => c > '\u00ff') ? text.length * 2 : text.length) / 4) * 4;

async function child(): Promise<void> {
  const { fullCollection } = await import('../../src/server/full-collection.ts');
  const collect = fullCollection();
  if (!collect) throw new Error('run with node --expose-gc');
  const { loadConfig } = await import('../../src/server/config.ts');
  const { openShop } = await import('../../src/server/shop.ts');
  const { createCatalogueIndexKeeper } = await import('../../src/server/db/catalogue-index/catalogue-index-keeper.ts');
  const { readCatalogueVersion } = await import('../../src/server/db/catalogue-index/catalogue-version.ts');
  const shop = await openShop(loadConfig({ ...process.env, SEED_ON_START: 'false' }));
  // Both figures after the collection the server makes once it has read the index (and when it falls quiet).
  const settled = () => {
    collect();
    const usage = process.memoryUsage();
    return { rss: usage.rss, heap: usage.heapUsed, external: usage.external };
  };
  // The statements' first run (compiled code, prepared statements) is in both figures: a small catalogue's
  // reading is not one the process keeps.
  await shop.database.db.selectFrom('animal').select('id').limit(1).execute();
  const without = settled();
  // Read by the server's keeper (which collects after reading), held in an object so that dropping it frees it.
  const holder: { keeper?: ReturnType<typeof createCatalogueIndexKeeper> } = {
    keeper: createCatalogueIndexKeeper(shop.database.db, { mostAnimals: Infinity }),
  };
  // Its size only, from a function of its own: this frame keeps no reference to the index.
  const size = async () => (await holder.keeper!.at(await readCatalogueVersion(shop.database.db))).size;
  const animals = await size();
  const held = settled();
  delete holder.keeper;
  const dropped = settled();
  const rows = await shop.database.db.selectFrom('animal').select(['id', 'name', 'name_key', 'search_text']).execute();
  const strings: Record<string, number> = {
    texts: 0,
    names: 0,
    name_keys: 0,
    ids: 0,
  };
  for (const row of rows) {
    strings.texts! += stringBytes(row.search_text);
    strings.names! += stringBytes(row.name);
    strings.name_keys! += stringBytes(row.name_key);
    strings.ids! += stringBytes(row.id);
  }
  const per = (bytes: number) => (bytes / MIB / animals) * PER;
  const figures: Figures = {
    rss: per(held.rss - without.rss),
    rssFreed: per(held.rss - dropped.rss),
    heap: per(held.heap - without.heap),
    external: per(held.external - without.external),
    strings: Object.fromEntries(Object.entries(strings).map(([kind, bytes]) => [kind, per(bytes)])),
  };
  // The static build's index file (src/static-site/routes/search-index.json.ts), made the same way.
  const { toIndexRow } = await import('../../src/features/animal-list/index-catalogue.ts');
  const categories = await shop.catalogue.listCategories();
  const listed = await shop.catalogue.searchAnimals({
    search: '',
    sort: 'name',
  });
  const file = JSON.stringify({
    categories: categories.map((category) => [category.slug, category.name]),
    animals: listed.animals.map(toIndexRow),
  });
  const indexFile = {
    bytes: Buffer.byteLength(file),
    gzip: gzipSync(file).length,
  };
  console.log(
    JSON.stringify({
      animals,
      withoutRss: without.rss / MIB,
      figures,
      indexFile,
    }),
  );
  await shop.close();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      animals: { type: 'string', default: '100000' },
      databases: { type: 'string', default: 'sqlite,postgres' },
      rounds: { type: 'string', default: '3' },
      // Another checkout (say, of the commit before a change): its own copy of this script measures in turn.
      reference: { type: 'string' },
    },
  });
  const animals = Number(values.animals);
  const rows = [];
  for (const kind of values.databases.split(',') as DialectName[]) {
    const database = await openBenchDatabase(kind, POSTGRES_PORT);
    try {
      await seed(database.env, syntheticCatalogue(animals));
      const checkouts = [['this', fileURLToPath(import.meta.url)]];
      if (values.reference) checkouts.push(['reference', `${values.reference}/scripts/bench/index-memory.ts`]);
      for (let round = 1; round <= Number(values.rounds); round++)
        for (const [checkout, script] of checkouts) {
          // With npm start's memory settings (package.json): they decide how much of what reading leaves behind stays resident.
          const run = spawnSync(process.execPath, ['--expose-gc', '--max-semi-space-size=4', script!], {
            env: {
              ...process.env,
              ...database.env,
              MALLOC_ARENA_MAX: '2',
              MALLOC_MMAP_THRESHOLD_: '32768',
              MALLOC_TRIM_THRESHOLD_: '131072',
              INDEX_MEMORY_CHILD: '1',
            },
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          if (run.status !== 0) throw new Error(`the measuring process failed (${run.status})`);
          const { withoutRss, figures, indexFile } = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
            withoutRss: number;
            figures: Figures;
            indexFile: { bytes: number; gzip: number };
          };
          const mib = (value: number) => value.toFixed(1);
          rows.push([
            kind,
            checkout!,
            String(round),
            mib(withoutRss),
            mib(figures.rss),
            mib(figures.rssFreed),
            mib(figures.heap),
            mib(figures.external),
            Object.entries(figures.strings)
              .map(([name, value]) => `${name} ${mib(value)}`)
              .join(', '),
            `${(indexFile.bytes / 1e6).toFixed(2)} MB (gzip ${(indexFile.gzip / 1e6).toFixed(2)} MB)`,
          ]);
        }
    } finally {
      await database.dispose();
    }
  }
  console.log(`\n${animals} animals; MiB per ${PER} animals, with the index minus without it, in one process\n`);
  console.log(
    markdown(
      [
        'database',
        'checkout',
        'round',
        'RSS without (MiB)',
        'RSS',
        'RSS freed when dropped',
        'heap used',
        'external',
        'strings held (from rows)',
        'static index file',
      ],
      rows,
    ),
  );
}

await (process.env.INDEX_MEMORY_CHILD ? child() : main());
