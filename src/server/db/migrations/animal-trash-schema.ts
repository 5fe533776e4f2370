/**
 * Migration 0020: the trash of deleted animals (../catalogue/animal-trash.ts). A deleted animal leaves
 * `animal` — so the catalogue's change feed, its index, search, lists and sitemaps treat it as removed
 * without knowing of the trash — and its row is kept here as JSON for 30 days, to be put back as it was.
 */
import type { Kysely } from 'kysely';

export async function animalTrash(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('animal_trash')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('slug', 'text', (column) => column.notNull())
    .addColumn('category_slug', 'text', (column) => column.notNull())
    /** JSON: the animal as the admin saw it, with its category's id (StoredAnimal). */
    .addColumn('animal', 'text', (column) => column.notNull())
    .addColumn('deleted_at', 'text', (column) => column.notNull())
    .addColumn('deleted_by', 'text', (column) => column.notNull())
    .addColumn('deleted_by_name', 'text')
    .execute();
  await db.schema.createIndex('animal_trash_deleted_idx').on('animal_trash').column('deleted_at').execute();
}
