/**
 * Migration 0016: the content pages (src/lib/content-page.ts) in the database, next to the catalogue.
 * Every save is a row of `content_page_version` (the page's sections and team as JSON, who saved it and
 * when); a page is its newest row. Nothing is ever updated or deleted, so the history is the table.
 */
import type { Kysely } from 'kysely';

export async function contentPages(db: Kysely<unknown>): Promise<void> {
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
}
