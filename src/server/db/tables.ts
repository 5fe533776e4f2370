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
  /**
   * The distinct words of the name and description, and of the name alone, between spaces (storedWords in
   * src/lib/search-words.ts; migration 0008). Computed by the application; '' for a row written in SQL.
   */
  search_words: ColumnType<string, string | undefined, string>;
  name_words: ColumnType<string, string | undefined, string>;
}

/**
 * What search reads (migration 0004): SQLite's FTS5 trigram table, PostgreSQL's view of `animal`
 * (whose pg_trgm index answers it). Always in step with `animal`.
 */
export interface AnimalSearchTable {
  animal_id: string;
  search_text: string;
  search_words: string;
  name_words: string;
}

/**
 * The catalogue's words (migration 0008): each word with a letter that some animal has (or had: rows
 * are added by the application's writers and cleared when the whole catalogue is replaced), with its
 * base form (src/lib/search-words.ts). Search finds the words of a query word's forms here.
 */
export interface SearchWordTable {
  word: string;
  base: string;
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
  search_word: SearchWordTable;
  catalogue_version: CatalogueVersionTable;
  contact_message: ContactMessageTable;
}

export type ShopDatabase = Kysely<ShopTables>;
