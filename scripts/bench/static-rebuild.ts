/**
 * `npm run bench:static`: the static build from nothing (no Astro cache, no stored previews) beside a
 * rebuild after one animal's price changed, on a synthetic catalogue in a throwaway SQLite database.
 * Prints each build's time, its previews drawn and reused and its fit report, and the rebuild's time
 * as a share of the full build's beside the target (≤ 60 %). Builds into dist-static/, as
 * `npm run build:static` does; the load average before each build is printed beside it.
 *
 *   npm run bench:static [-- --animals 10000]
 *   env: PUBLIC_SITE_URL (default https://shop.example: previews are built only with it)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { loadConfig } from '../../src/server/config.ts';
import { openShop } from '../../src/server/shop.ts';
import { COLUMNS } from '../../src/server/spreadsheet/csv-file.ts';
import { exportCatalogueCsv } from '../../src/server/spreadsheet/export.ts';
import { importCatalogueCsv } from '../../src/server/spreadsheet/import.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { animals: { type: 'string', default: '10000' } } });
const ANIMALS = Number(values.animals);
if (!Number.isInteger(ANIMALS) || ANIMALS < 1) throw new Error('--animals: a whole number of at least 1');
const TARGET_SHARE = 0.6;

const folder = mkdtempSync(join(tmpdir(), 'shop-bench-static-'));
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_PATH: join(folder, 'shop.db'),
  DATABASE_URL: '',
  PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL ?? 'https://shop.example',
  PUBLIC_CLERK_PUBLISHABLE_KEY: '',
  CLERK_SECRET_KEY: '',
  ASTRO_TELEMETRY_DISABLED: '1',
  LOG_LEVEL: 'warn',
};

/** Runs a command in the project, its output kept; rejects with that output when it fails. */
function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

interface Build {
  name: string;
  ms: number;
  load: number;
  previews: string;
  report: string[];
}

async function build(name: string): Promise<Build> {
  const load = loadavg()[0]!;
  const started = performance.now();
  const output = await run(['--run', 'build:static']);
  const ms = performance.now() - started;
  const lines = stripVTControlCharacters(output).split('\n');
  return {
    name,
    ms,
    load,
    previews: /previews: (.*) \(/.exec(output)?.[1] ?? 'none',
    report: lines
      .filter((line) => line.includes('[shop:fit-report] '))
      .map((line) => line.slice(line.indexOf('[shop:fit-report] ') + '[shop:fit-report] '.length)),
  };
}

/** One animal's price, changed the way an owner changes it: the catalogue spreadsheet, exported and imported. */
async function changeOnePrice(): Promise<void> {
  const shop = await openShop(loadConfig({ ...env, SEED_ON_START: 'false' }));
  try {
    const { bytes } = await exportCatalogueCsv(shop.database.db);
    const rows: string[][] = parse(bytes.toString('utf8'), { bom: true });
    const price = COLUMNS.indexOf('price');
    rows[1]![price] = String(Number(rows[1]![price]) + 1);
    const changed = await importCatalogueCsv(shop.writeDatabase, { id: 'cli:bench' }, Buffer.from(stringify(rows)));
    if (!changed.applied || changed.change.length !== 1) throw new Error('the price change was not applied');
  } finally {
    await shop.close();
  }
}

try {
  console.log(`[bench:static] ${ANIMALS.toLocaleString('en')} animals…`);
  await run(['scripts/seed.ts', '--synthetic', String(ANIMALS)]);
  rmSync(join(ROOT, 'node_modules', '.astro-static'), { recursive: true, force: true });
  const full = await build('full (no cache, no stored previews)');
  await changeOnePrice();
  const rebuild = await build('after one price change');
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log('\n| build | time | load average before | previews |');
  console.log('|---|---:|---:|---|');
  for (const row of [full, rebuild])
    console.log(`| ${row.name} | ${seconds(row.ms)} | ${row.load.toFixed(2)} | ${row.previews} |`);
  console.log(
    `\nrebuild ÷ full build: ${Math.round((rebuild.ms / full.ms) * 100)} % (target ≤ ${TARGET_SHARE * 100} %)`,
  );
  console.log(`\nfit report of the rebuild:\n${rebuild.report.map((line) => `  ${line}`).join('\n')}`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
