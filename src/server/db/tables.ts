/** The database's tables as Kysely sees them. Column names are snake_case; the API maps them. */
import type { ColumnType, Kysely } from 'kysely';

export interface CategoryTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  img: string;
  /** Display order of the categories list. */
  position: number;
  /** Bumped by every change (migration 0009): the strong ETag the admin's If-Match checks. */
  version: ColumnType<number, number | undefined, number>;
}

export interface AnimalTable {
  id: string;
  slug: string;
  name: string;
  description: string;
  img: string;
  price: number;
  count_in_stock: number;
  rating: number;
  num_reviews: number;
  category_id: string;
  /** Folded name: its binary order is Hebrew alphabetical order (see src/lib/search/hebrew.ts). */
  name_key: string;
  /** Folded name and description: what search matches, on every dialect. */
  search_text: string;
  /** The distinct words of the name and description, and of the name alone, between spaces; '' for a row written in SQL. */
  search_words: ColumnType<string, string | undefined, string>;
  name_words: ColumnType<string, string | undefined, string>;
  /** Bumped by every change (migration 0009): the strong ETag the admin's If-Match checks. */
  version: ColumnType<number, number | undefined, number>;
  /** Hidden from shoppers. PostgreSQL boolean, SQLite 0/1: write 0 or 1, read with Boolean(). */
  hidden: ColumnType<boolean | number, number | undefined, number>;
}

/** A category's former slug (migration 0009): its old address answers with a permanent redirect to the current one. */
interface CategoryRedirectTable {
  old_slug: string;
  category_id: string;
  created_at: string;
}

/** One change to the catalogue (migration 0009): who, when, what, before and after. */
export interface AuditTable {
  /** Ascending in the order changes were recorded (newest first = highest id). */
  id: ColumnType<number | string, never, never>;
  at: string;
  /** A Clerk user id (user_…), or `cli:<system user>` for the command line. */
  actor: string;
  /** A name or e-mail when the actor's session carries one. */
  actor_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** e.g. animal.create, animal.update, animal.delete, category.reorder, catalogue.seed. */
  action: string;
  entity: 'animal' | 'category' | 'catalogue' | 'page';
  entity_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the entity before the change (null for a creation). */
  before: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the entity after the change (null for a deletion). */
  after: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The catalogue's words with a letter, with their base forms (what the index reads for a query word's forms). */
export interface SearchWordTable {
  word: string;
  base: string;
}

/** One row (id 1): a token replaced whenever an animal or a category is written. */
interface CatalogueVersionTable {
  id: number;
  version: string;
  /** When the catalogue last changed, ISO 8601 UTC (migration 0007; the sitemaps' lastmod). */
  changed_at: string | null;
  /** How many changes the catalogue has had (migration 0015): the change feed's last number. */
  seq: number | string;
}

/** One animal or category written (migration 0015, ./migrations/catalogue-change-schema.ts). */
interface CatalogueChangeTable {
  /** The change's number (`catalogue_version.seq` after it). */
  seq: number | string;
  /** 'animal', 'category', or 'all' (a table truncated). */
  kind: string;
  id: string;
  /** When, in milliseconds since 1970 by the database's clock. */
  at: number | string;
}

interface ContactMessageTable {
  id: string;
  subject: string;
  message: string;
  created_at: string;
  /** The sender's Idempotency-Key (unique; null without one): a resend stores nothing new. Migration 0005. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A stored picture (migration 0011): `name` is `<content hash>.<ext>`, served at /pictures/<name>. */
interface PictureTable {
  name: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: string;
}

/** Shoppers' searches that found nothing, counted per day (migration 0014, ./search/unfound-searches.ts). */
interface UnfoundSearchTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** Cleaned and cut to 64 characters; never an e-mail address or a phone number. */
  text: string;
  count: number;
}

/** One saved version of a content page (migration 0016); the page is its newest. */
export interface ContentPageVersionTable {
  page: string;
  version: number;
  /** JSON: the sections (src/lib/content-page.ts ContentSection[]). */
  sections: string;
  /** JSON: the team (TeamMember[]; [] for a page without one). */
  team: string;
  /** A Clerk user id, `cli:<system user>`, or `seed`. */
  author_id: string;
  author_name: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  restored_from: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A backup taken or tried (migration 0019, ./backup/backup-runs.ts); a scheduled one first claims its period. */
interface BackupRunTable {
  id: string;
  /** scheduled, command (npm run backup) or before-migration. */
  kind: string;
  /** A scheduled backup's period (`<seconds>s@<its start, ISO 8601>`): unique, so one server takes it. */
  period: string | null;
  started_at: string;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** taking, good (written and checked) or failed. */
  outcome: string;
  file: ColumnType<string | null, string | null | undefined, string | null>;
  bytes: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Why it failed, in one line. */
  problem: ColumnType<string | null, string | null | undefined, string | null>;
  /** host:pid of the process that took it. */
  taken_by: string;
}

/** A deleted animal, restorable for 30 days (migration 0020). */
interface AnimalTrashTable {
  id: string;
  name: string;
  slug: string;
  category_slug: string;
  /** JSON of the animal as stored (src/server/db/catalogue/catalogue-writes.ts StoredAnimal). */
  animal: string;
  /** ISO 8601, UTC. */
  deleted_at: string;
  deleted_by: string;
  deleted_by_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A signed-in shopper's favourites (migration 0021, ./favourites/favourite-lists.ts). */
interface FavouriteListTable {
  /** The Clerk user id (user_…). */
  user_id: string;
  /** A JSON array of animals' ids, newest first. */
  ids: string;
  /** Bumped by every change: the list's ETag, `"v<n>"`. */
  version: number;
  /** ISO 8601, UTC. */
  updated_at: string;
}

export interface ShopTables {
  category: CategoryTable;
  animal: AnimalTable;
  search_word: SearchWordTable;
  catalogue_version: CatalogueVersionTable;
  catalogue_change: CatalogueChangeTable;
  contact_message: ContactMessageTable;
  category_redirect: CategoryRedirectTable;
  audit: AuditTable;
  picture: PictureTable;
  unfound_search: UnfoundSearchTable;
  content_page_version: ContentPageVersionTable;
  backup_run: BackupRunTable;
  animal_trash: AnimalTrashTable;
  favourite_list: FavouriteListTable;
}

export type ShopDatabase = Kysely<ShopTables>;
