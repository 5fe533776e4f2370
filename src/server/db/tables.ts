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
  /** Folded name: its binary order is Hebrew alphabetical order (see src/lib/hebrew.ts). */
  name_key: string;
  /** Folded name and description: what search matches, on every dialect. */
  search_text: string;
}

/**
 * What search reads (migration 0004): SQLite's FTS5 trigram table, PostgreSQL's view of `animal`
 * (whose pg_trgm index answers it). Always in step with `animal`.
 */
export interface AnimalSearchTable {
  animal_id: string;
  search_text: string;
}

/**
 * One word of an animal's name or description (migration 0008): what word-form search reads
 * (src/lib/search-words.ts). Computed by the application whenever it writes an animal
 * (./animal-words.ts animalSearchRows); a write made directly in SQL does not update it.
 */
export interface AnimalWordTable {
  animal_id: string;
  /** The folded word (wordsOf). */
  word: string;
  /** Its base form (baseForm). */
  base: string;
  /** 1 when the word is in the animal's name (suggestions read names), else 0. */
  in_name: number;
}

/** One row (id 1): a token replaced whenever an animal or a category is written. */
export interface CatalogueVersionTable {
  id: number;
  version: string;
  /** When the catalogue last changed, ISO 8601 UTC (migration 0007; the sitemaps' lastmod). */
  changed_at: string | null;
}

export interface ContactMessageTable {
  id: string;
  subject: string;
  message: string;
  /** ISO 8601, UTC, to the millisecond. */
  created_at: string;
  /** The sender's Idempotency-Key (unique; null without one): a resend stores nothing new. Migration 0005. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ShopTables {
  category: CategoryTable;
  animal: AnimalTable;
  animal_search: AnimalSearchTable;
  animal_word: AnimalWordTable;
  catalogue_version: CatalogueVersionTable;
  contact_message: ContactMessageTable;
}

export type ShopDatabase = Kysely<ShopTables>;
