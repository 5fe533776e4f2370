/**
 * The bench's settings (scripts/bench.ts): its command line and environment, read and checked once,
 * and the searches it measures. A wrong value stops it with a message naming the option.
 */
import { parseArgs } from 'node:util';
import { DIALECTS, type DialectName } from '../../src/server/db/database.ts';
import type { Load } from './measure.ts';

export const { values: options } = parseArgs({
  options: {
    animals: { type: 'string', default: '100000' },
    seconds: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    crawl: { type: 'string', default: '3000' },
    'cold-rounds': { type: 'string', default: '20' },
    settle: { type: 'string', default: '30' },
    // --no-logging-cost skips the request log's cost; --logging-cost-only measures nothing else.
    'logging-cost': { type: 'boolean', default: true },
    'logging-cost-only': { type: 'boolean', default: false },
    // Rounds of the request log's with and without (each a fresh server per setting), medians over them.
    'logging-rounds': { type: 'string', default: '3' },
    // --change-behind-only: seeds each database and measures one change behind the server's back, nothing else.
    'change-behind-only': { type: 'boolean', default: false },
    // --start-only: seeds each database and times `npm start` to the first search answered, nothing else.
    'start-only': { type: 'boolean', default: false },
    // --backup-only: seeds each database and measures searches and pages during a backup, nothing else;
    // --no-backup leaves that out of the full run.
    'backup-only': { type: 'boolean', default: false },
    backup: { type: 'boolean', default: true },
    // --similar-only: similar animals in process (./similar.ts), nothing else; --no-similar leaves it out.
    'similar-only': { type: 'boolean', default: false },
    similar: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
export const ANIMALS = Number(options.animals);
export const DURATION = Number(options.seconds ?? options.duration ?? '5');
export const CONNECTIONS = Number(options.connections);
export const CRAWL_PAGES = Math.min(Number(options.crawl), ANIMALS - 1);
export const COLD_ROUNDS = Number(options['cold-rounds']);
export const SETTLE_SECONDS = Number(options.settle);
export const PORT = Number(process.env.BENCH_PORT ?? 4445);
/** The bare server runs beside the shop for the whole run, on the next port. */
export const BARE_PORT = PORT + 1;
export const POSTGRES_PORT = Number(process.env.BENCH_POSTGRES_PORT ?? 5445);
export const LOAD: Load = { seconds: DURATION, connections: CONNECTIONS };
/** The crawler's requests at a time. */
export const CRAWL_CONCURRENCY = 8;
/** The freshness promise: a change shows everywhere within a second; a cold round waits it out. */
export const FRESHNESS_MS = 1100;
for (const [name, value] of Object.entries({
  animals: ANIMALS,
  seconds: DURATION,
  connections: CONNECTIONS,
  crawl: CRAWL_PAGES,
  'cold-rounds': COLD_ROUNDS,
  'logging-rounds': Number(options['logging-rounds']),
  settle: SETTLE_SECONDS + 1,
  port: PORT,
})) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`bench: --${name} takes a whole positive number`);
    process.exit(2);
  }
}

/** On the first database: the request log's cost (./logging-cost.ts), and whether it is all the run measures. */
export const LOGGING_COST_ONLY = options['logging-cost-only'];
export const LOGGING_COST = options['logging-cost'];
export const LOGGING_ROUNDS = Number(options['logging-rounds']);
if (LOGGING_COST_ONLY && !options['logging-cost']) {
  console.error('bench: --logging-cost-only does not go with --no-logging-cost');
  process.exit(2);
}

type Kind = DialectName;
export const KINDS: readonly Kind[] = options.only === undefined ? DIALECTS : [options.only as Kind];
if (!KINDS.every((kind) => kind === 'sqlite' || kind === 'postgres')) {
  console.error('bench: --only takes sqlite or postgres');
  process.exit(2);
}

export const COMMON_WORD = 'קטן';
const RARE_WORD = '4242';
const NO_MATCH = 'אין כזה תיפלץ בכלל';
const ONE_LETTER = 'ק';
const TWO_LETTERS = 'קט';

/** The shapes of search the API rows measure: [label, search, sort, page]. */
export const SEARCHES: [string, string, 'name' | 'price', number][] = [
  ['no match', NO_MATCH, 'name', 1],
  [`rare word '${RARE_WORD}'`, RARE_WORD, 'name', 1],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'name', 1],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'name', 100],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'price', 1],
  [`common word '${COMMON_WORD}'`, COMMON_WORD, 'price', 100],
  [`one letter '${ONE_LETTER}'`, ONE_LETTER, 'name', 1],
  [`one letter '${ONE_LETTER}'`, ONE_LETTER, 'name', 100],
  [`two letters '${TWO_LETTERS}'`, TWO_LETTERS, 'name', 1],
  [`two letters '${TWO_LETTERS}'`, TWO_LETTERS, 'name', 100],
  ['empty search', '', 'name', 1],
  ['empty search', '', 'name', 100],
  ['empty search', '', 'price', 1],
  ['empty search', '', 'price', 100],
];

/** Only the row of one change behind the server's back (./change-behind.ts), per database. */
export const CHANGE_BEHIND_ONLY = options['change-behind-only'];

/** Searches and pages during a scheduled backup (./during-backup.ts): alone, or in the full run unless --no-backup. */
export const BACKUP_ONLY = options['backup-only'];
export const DURING_BACKUP = options.backup;

/** Similar animals in process (./similar.ts): alone, or first in the full run unless --no-similar. */
export const SIMILAR_ONLY = options['similar-only'];
export const SIMILAR = options.similar;

/** Only the time from `npm start` to serving searches (./start-time.ts), per database. */
export const START_ONLY = options['start-only'];
