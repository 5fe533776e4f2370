/**
 * `npm run seed`: replaces the catalogue with the shop's own seed catalogue (contact
 * messages stay). `npm run seed -- --synthetic 100000` loads a large generated one.
 * Uses the same configuration as the server (DATABASE_PATH or DATABASE_URL).
 * Refuses when the owner has changed the catalogue since it was last seeded (the audit says how
 * many changes), unless `--force`.
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv } from '../src/server/config.ts';
import { openShop } from '../src/server/shop.ts';
import { cliActor } from '../src/server/db/catalogue/audit.ts';
import { catalogueRows, reseed, SeedRefusedError } from '../src/server/db/seed/seed.ts';
import { syntheticCatalogue } from '../src/server/db/seed/synthetic.ts';

const { values } = parseArgs({
  options: { synthetic: { type: 'string' }, force: { type: 'boolean', default: false } },
});
const count = values.synthetic === undefined ? undefined : Number(values.synthetic);
if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
  console.error('--synthetic takes a whole number of animals, e.g. --synthetic 100000');
  process.exit(1);
}
loadDotEnv();
const config = loadConfig();
const shop = await openShop({ ...config, seedOnStart: false });
const rows = count === undefined ? catalogueRows() : syntheticCatalogue(count);
const started = performance.now();
try {
  await reseed(shop.database.db, rows, { who: cliActor(), force: values.force });
} catch (error) {
  await shop.close();
  if (error instanceof SeedRefusedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
console.log(
  `seeded ${rows.categories.length} categories and ${rows.animals.length} animals into ${config.database.kind} in ${Math.round(performance.now() - started)} ms`,
);
await shop.close();
