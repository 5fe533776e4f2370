/** The schema as Kysely migrations; only column types and indexes differ per dialect. */
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { sortKey } from '../../../lib/search/index.ts';
import type { DialectName } from '../database.ts';
import { catalogueOwner, hiddenAnimalsIndex, pictures } from './catalogue-owner-schema.ts';
import { catalogueChangedAt, createCatalogueVersion } from './catalogue-version-schema.ts';
import { dropUnreadWordIndexes, searchTrigram, searchWords } from './search-schema.ts';
import { animalWords, NAMES_INDEX, UNWORDED_INDEX } from './animal-word-schema.ts';
import { catalogueChanges } from './catalogue-change-schema.ts';
import { dropSqlSearch } from './drop-sql-search.ts';

function migrations(dialect: DialectName): Record<string, Migration> {
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  /** Sort keys compare byte by byte on both dialects. */
  const binary = dialect === 'postgres' ? sql`collate "C"` : sql`collate binary`;
  return {
    '0001_catalogue': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('category')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('slug', 'text', (column) => column.notNull().unique())
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('description', 'text', (column) => column.notNull())
          .addColumn('img', 'text', (column) => column.notNull())
          .addColumn('position', 'integer', (column) => column.notNull())
          .execute();
        await db.schema
          .createTable('animal')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('slug', 'text', (column) => column.notNull().unique())
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('description', 'text', (column) => column.notNull())
          .addColumn('img', 'text', (column) => column.notNull())
          .addColumn('price', sql.raw(real), (column) => column.notNull())
          .addColumn('count_in_stock', 'integer', (column) => column.notNull())
          .addColumn('rating', sql.raw(real), (column) => column.notNull())
          .addColumn('num_reviews', 'integer', (column) => column.notNull())
          .addColumn('category_id', 'text', (column) => column.notNull().references('category.id').onDelete('cascade'))
          .addColumn('name_key', sql`text ${binary}`, (column) => column.notNull())
          .addColumn('search_text', 'text', (column) => column.notNull())
          .execute();
        await db.schema.createIndex('animal_category_idx').on('animal').columns(['category_id', 'name_key']).execute();
        await db.schema.createIndex('animal_name_idx').on('animal').columns(['name_key', 'id']).execute();
        await db.schema.createIndex('animal_price_idx').on('animal').columns(['price', 'name_key', 'id']).execute();
        if (dialect === 'postgres') {
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index animal_search_trgm_idx on animal using gin (search_text gin_trgm_ops)`.execute(db);
        }
      },
    },
    '0002_contact': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('contact_message')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('subject', 'text', (column) => column.notNull())
          .addColumn('message', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createIndex('contact_message_created_idx')
          .on('contact_message')
          .columns(['created_at'])
          .execute();
      },
    },
    '0003_search_index': {
      /** SQLite cannot index `like '%…%'`: this covering index lets a search scan the search column instead of whole rows. */
      async up(db: Kysely<unknown>) {
        if (dialect === 'sqlite') {
          await db.schema.createIndex('animal_search_idx').on('animal').columns(['search_text', 'id']).execute();
        }
      },
    },
    '0004_search_trigram': {
      async up(db: Kysely<unknown>) {
        await createCatalogueVersion(db, dialect);
        await searchTrigram(db, dialect);
      },
    },
    '0005_hebrew_name_order': {
      /** The name sort key now follows Intl.Collator('he') (src/lib/search/hebrew.ts sortKey): recompute it. */
      async up(db: Kysely<unknown>) {
        const { rows } = await sql<{ id: string; name: string }>`select id, name from animal`.execute(db);
        for (let start = 0; start < rows.length; start += 500) {
          const values = rows.slice(start, start + 500).map(({ id, name }) => sql`(${id}, ${sortKey(name)})`);
          await sql`with v(id, name_key) as (values ${sql.join(values)}) update animal set name_key = v.name_key from v where animal.id = v.id`.execute(
            db,
          );
        }
      },
    },
    '0006_contact_idempotency': {
      /** One contact message per Idempotency-Key; a unique index holds any number of nulls on both databases. */
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('contact_message').addColumn('idempotency_key', 'text').execute();
        await db.schema
          .createIndex('contact_message_idempotency_idx')
          .on('contact_message')
          .column('idempotency_key')
          .unique()
          .execute();
      },
    },
    '0007_catalogue_changed_at': {
      async up(db: Kysely<unknown>) {
        await catalogueChangedAt(db, dialect);
      },
    },
    '0008_search_words': {
      /** Word-form search (src/lib/search/search-words.ts): each animal's words, the catalogue's words, their indexes. */
      async up(db: Kysely<unknown>) {
        await searchWords(db, dialect);
      },
    },
    '0009_catalogue_owner': {
      /** The owner's writes: versions, hidden animals, former category slugs, the audit. */
      async up(db: Kysely<unknown>) {
        await catalogueOwner(db, dialect);
      },
    },
    '0010_hidden_animals_index': {
      async up(db: Kysely<unknown>) {
        await hiddenAnimalsIndex(db);
      },
    },
    '0011_pictures': {
      /** The owner's uploaded pictures and the drawings of new animals, by content hash (src/server/pictures/store.ts). */
      async up(db: Kysely<unknown>) {
        await pictures(db, dialect);
      },
    },
    '0012_animal_words': {
      /** Which animals have which word: the posting list word search reads (./animal-word-schema.ts). */
      async up(db: Kysely<unknown>) {
        await animalWords(db, dialect);
      },
    },
    '0013_name_words_and_unworded_indexes': {
      /** Each name word's shown animals in name order, and the animals without stored words. */
      async up(db: Kysely<unknown>) {
        await NAMES_INDEX.execute(db);
        await UNWORDED_INDEX.execute(db);
      },
    },
    '0014_unfound_searches': {
      /** Shoppers' searches that found nothing, per day, for the owner (../search/unfound-searches.ts). */
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('unfound_search')
          .addColumn('day', 'text', (column) => column.notNull())
          .addColumn('text', 'text', (column) => column.notNull())
          .addColumn('count', 'integer', (column) => column.notNull())
          .addPrimaryKeyConstraint('unfound_search_pk', ['day', 'text'])
          .execute();
      },
    },
    '0015_catalogue_changes': {
      /** The catalogue's change feed: what each server's index applies (./catalogue-change-schema.ts). */
      async up(db: Kysely<unknown>) {
        await catalogueChanges(db, dialect);
      },
    },
    '0016_content_pages': {
      /** The about page and the accessibility statement, a row per saved version (never updated: the history). */
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('content_page_version')
          .addColumn('page', 'text', (column) => column.notNull())
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('sections', 'text', (column) => column.notNull())
          .addColumn('team', 'text', (column) => column.notNull())
          .addColumn('author_id', 'text', (column) => column.notNull())
          .addColumn('author_name', 'text')
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('restored_from', 'integer')
          .addPrimaryKeyConstraint('content_page_version_pk', ['page', 'version'])
          .execute();
      },
    },
    '0017_drop_unread_word_indexes': {
      /** The trigram index of each animal's words (0008): nothing reads it (./search-schema.ts). */
      async up(db: Kysely<unknown>) {
        await dropUnreadWordIndexes(db, dialect);
      },
    },
    '0018_drop_sql_search': {
      /** SQL text search's tables, triggers and indexes: nothing reads them (./drop-sql-search.ts). */
      async up(db: Kysely<unknown>) {
        await dropSqlSearch(db, dialect);
      },
    },
    '0019_backup_runs': {
      /** Each backup taken or tried; a scheduled one first inserts its period's row (unique: one server takes it). */
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('backup_run')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('kind', 'text', (column) => column.notNull())
          .addColumn('period', 'text')
          .addColumn('started_at', 'text', (column) => column.notNull())
          .addColumn('finished_at', 'text')
          .addColumn('outcome', 'text', (column) => column.notNull())
          .addColumn('file', 'text')
          .addColumn('bytes', 'bigint')
          .addColumn('problem', 'text')
          .addColumn('taken_by', 'text', (column) => column.notNull())
          .execute();
        await db.schema.createIndex('backup_run_period_idx').on('backup_run').column('period').unique().execute();
        await db.schema
          .createIndex('backup_run_outcome_idx')
          .on('backup_run')
          .columns(['outcome', 'finished_at'])
          .execute();
      },
    },
    '0020_animal_trash': {
      /**
       * A deleted animal leaves `animal` (so the change feed, index, search and sitemaps see it removed without
       * knowing of the trash); its row is kept here as JSON (StoredAnimal) for 30 days, to be put back as it was.
       */
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('animal_trash')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('slug', 'text', (column) => column.notNull())
          .addColumn('category_slug', 'text', (column) => column.notNull())
          .addColumn('animal', 'text', (column) => column.notNull())
          .addColumn('deleted_at', 'text', (column) => column.notNull())
          .addColumn('deleted_by', 'text', (column) => column.notNull())
          .addColumn('deleted_by_name', 'text')
          .execute();
        await db.schema.createIndex('animal_trash_deleted_idx').on('animal_trash').column('deleted_at').execute();
      },
    },
    '0021_favourite_lists': {
      /**
       * Each signed-in shopper's favourites, one row per Clerk user: the list as a JSON array of ids (read and
       * written whole, never queried inside) and its version, which a change names (If-Match) so that two
       * devices never overwrite each other unseen.
       */
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('favourite_list')
          .addColumn('user_id', 'text', (column) => column.primaryKey())
          .addColumn('ids', 'text', (column) => column.notNull())
          .addColumn('version', 'integer', (column) => column.notNull())
          .addColumn('updated_at', 'text', (column) => column.notNull())
          .execute();
      },
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
const migratorOf = (db: Kysely<any>, dialect: DialectName) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations(dialect) } satisfies MigrationProvider });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
async function migrateToLatest(db: Kysely<any>, dialect: DialectName, upTo?: string): Promise<void> {
  const migrator = migratorOf(db, dialect);
  const { error, results } = await (upTo === undefined ? migrator.migrateToLatest() : migrator.migrateTo(upTo));
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, {
      cause: error,
    });
  }
}

interface MigrateOptions {
  /** Runs before migrations on a database that has a schema (SQLite), naming them: a backup; its failure stops the migration. */
  beforeMigrating?: ((pending: string[]) => Promise<unknown>) | undefined;
}

/**
 * Brings the schema up to date, once when several servers start together: on PostgreSQL Kysely's migrator
 * holds an advisory lock; on SQLite the run is inside `begin immediate`, whose write lock the others wait
 * for. `upTo`: only the migrations up to that one (tests). `beforeMigrating` runs outside the write lock.
 */
export async function migrate(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
  db: Kysely<any>,
  dialect: DialectName,
  upTo?: string,
  { beforeMigrating }: MigrateOptions = {},
): Promise<void> {
  if (beforeMigrating) {
    const known = await migratorOf(db, dialect).getMigrations();
    const pending = known.filter((migration) => migration.executedAt === undefined).map(({ name }) => name);
    const ran = known.length - pending.length;
    const wanted = upTo === undefined ? pending : pending.filter((name) => name <= upTo);
    if (ran > 0 && wanted.length > 0) await beforeMigrating(wanted);
  }
  if (dialect === 'postgres') return migrateToLatest(db, dialect, upTo);
  await db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      await migrateToLatest(connection, dialect, upTo);
    } catch (error) {
      // SQLite may have rolled back by itself (a full disk does that): the error to report is the first one.
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
    await sql`commit`.execute(connection);
  });
}

/** Every migration's name, in the order they run: a backup's schema is a prefix of this (../backup/backups.ts). */
export function migrationNames(): string[] {
  return Object.keys(migrations('sqlite'));
}
