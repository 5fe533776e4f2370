/** Every migration of src/server/db/migrations.ts, in order: a fresh database must have run each exactly once. */
export const MIGRATION_NAMES = [
  '0001_catalogue',
  '0002_contact',
  '0003_search_index',
  '0004_search_trigram',
  '0005_hebrew_name_order',
  '0006_contact_idempotency',
  '0007_catalogue_changed_at',
  '0008_search_words',
  '0009_catalogue_owner',
  '0010_hidden_animals_index',
  '0011_pictures',
  '0012_animal_words',
  '0013_name_words_and_unworded_indexes',
  '0014_unfound_searches',
  '0016_content_pages',
] as const;
