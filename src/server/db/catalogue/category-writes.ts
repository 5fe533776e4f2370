/** The owner's changes to categories (a changed slug keeps its old address as a redirect), by the animals' rules. */
import type { Kysely, Selectable } from 'kysely';
import { AdminCategoryPatchSchema, AdminCategorySchema, ID_PATTERN, type AdminCategory } from '../../../lib/schemas.ts';
import { recordAudit, type Actor } from './audit.ts';
import { writeMessages } from './catalogue-messages.ts';
import type { CatalogueWriteOptions } from './catalogue-writes.ts';
import { CatalogueWriteError, definedOnly, requireVersion, validate } from './write-rules.ts';
import { newId } from '../ids.ts';
import { toCategory } from './catalogue-reads.ts';
import { drawnPicture, isDrawnPicture } from '../../pictures/drawn.ts';
import type { CategoryTable, ShopTables } from '../tables.ts';
import { inWriteTransaction, isUniqueViolation, type WriteDatabase } from '../write-transaction.ts';

function toAdminCategory(row: Selectable<CategoryTable>): AdminCategory {
  return { ...toCategory(row), position: Number(row.position), version: Number(row.version) };
}

async function readCategory(db: Kysely<ShopTables>, id: string): Promise<AdminCategory | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  const row = await db.selectFrom('category').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toAdminCategory(row);
}

function stale(current: AdminCategory): CatalogueWriteError {
  return new CatalogueWriteError('stale', writeMessages.stale, {}, current);
}

async function refuseTakenSlug(trx: Kysely<ShopTables>, slug: string): Promise<void> {
  const taken = await trx.selectFrom('category').select('id').where('slug', '=', slug).executeTakeFirst();
  if (taken) {
    const message = writeMessages.categorySlugTaken(slug);
    throw new CatalogueWriteError('conflict', message, { slug: message });
  }
}

function slugConflict(error: unknown, slug: string): unknown {
  if (!isUniqueViolation(error)) return error;
  const message = writeMessages.categorySlugTaken(slug);
  return new CatalogueWriteError('conflict', message, { slug: message });
}

export function createCategoryWrites(database: WriteDatabase, { now = () => new Date() }: CatalogueWriteOptions = {}) {
  const { db, dialect } = database;
  return {
    read: (id: string) => readCategory(db, id),

    /** Every category in the shop's order, with versions. */
    async list(): Promise<AdminCategory[]> {
      const rows = await db.selectFrom('category').selectAll().orderBy('position').orderBy('id').execute();
      return rows.map(toAdminCategory);
    },

    /** How many animals (hidden ones included) each category holds, by category id; an empty one is absent. */
    async animalCounts(): Promise<Record<string, number>> {
      const rows = await db
        .selectFrom('animal')
        .select(['category_id', (eb) => eb.fn.countAll<number | string | bigint>().as('count')])
        .groupBy('category_id')
        .execute();
      return Object.fromEntries(rows.map((row) => [row.category_id, Number(row.count)]));
    },

    /** A new category, last in the order. */
    async create(who: Actor, input: unknown): Promise<AdminCategory> {
      const next = validate(AdminCategorySchema, input);
      return inWriteTransaction(database, async (trx) => {
        await refuseTakenSlug(trx, next.slug);
        const { last } = await trx
          .selectFrom('category')
          .select((eb) => eb.fn.max('position').as('last'))
          .executeTakeFirstOrThrow();
        const category: AdminCategory = {
          _id: newId(),
          ...next,
          img: await drawnPicture(trx, 'category', next.slug),
          position: last === null ? 0 : Number(last) + 1,
          version: 1,
        };
        try {
          const { _id: categoryId, ...columns } = category;
          await trx
            .insertInto('category')
            .values({ id: categoryId, ...columns })
            .execute();
        } catch (error) {
          throw slugConflict(error, next.slug);
        }
        // The slug is live again: a former category's redirect from it gives way.
        await trx.deleteFrom('category_redirect').where('old_slug', '=', next.slug).execute();
        await recordAudit(trx, who, now(), [
          { action: 'category.create', entity: 'category', entityId: category._id, before: null, after: category },
        ]);
        return category;
      });
    },

    /** Renames (slug, name) or edits the description of the category at `expectedVersion`. */
    async update(who: Actor, id: string, expectedVersion: number | undefined, patch: unknown): Promise<AdminCategory> {
      const version = requireVersion(expectedVersion);
      const changes = definedOnly(validate(AdminCategoryPatchSchema, patch));
      return inWriteTransaction(database, async (trx) => {
        const current = await readCategory(trx, id);
        if (!current) throw new CatalogueWriteError('not-found', writeMessages.categoryNotFound);
        if (current.version !== version) throw stale(current);
        const next: AdminCategory = { ...current, ...changes, version: version + 1 };
        const renamed = next.slug !== current.slug;
        if (renamed) await refuseTakenSlug(trx, next.slug);
        // A renamed category's drawn picture follows its slug.
        if (renamed && isDrawnPicture(current.img)) next.img = await drawnPicture(trx, 'category', next.slug);
        try {
          const result = await trx
            .updateTable('category')
            .set({
              slug: next.slug,
              name: next.name,
              description: next.description,
              img: next.img,
              version: next.version,
            })
            .where('id', '=', id)
            .where('version', '=', version)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) !== 1) throw stale((await readCategory(trx, id)) ?? current);
        } catch (error) {
          throw slugConflict(error, next.slug);
        }
        if (renamed) {
          await trx.deleteFrom('category_redirect').where('old_slug', '=', next.slug).execute();
          await trx
            .insertInto('category_redirect')
            .values({ old_slug: current.slug, category_id: id, created_at: now().toISOString() })
            .onConflict((conflict) => conflict.column('old_slug').doUpdateSet({ category_id: id }))
            .execute();
        }
        await recordAudit(trx, who, now(), [
          { action: 'category.update', entity: 'category', entityId: id, before: current, after: next },
        ]);
        return next;
      });
    },

    /** Puts a stored picture (src/server/pictures) on the category at `expectedVersion`. */
    async setPicture(who: Actor, id: string, expectedVersion: number | undefined, img: string): Promise<AdminCategory> {
      const version = requireVersion(expectedVersion);
      return inWriteTransaction(database, async (trx) => {
        const current = await readCategory(trx, id);
        if (!current) throw new CatalogueWriteError('not-found', writeMessages.categoryNotFound);
        if (current.version !== version) throw stale(current);
        const result = await trx
          .updateTable('category')
          .set({ img, version: version + 1 })
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw stale((await readCategory(trx, id)) ?? current);
        const next = { ...current, img, version: version + 1 };
        await recordAudit(trx, who, now(), [
          { action: 'category.picture', entity: 'category', entityId: id, before: current, after: next },
        ]);
        return next;
      });
    },

    /** Puts the categories in the given order (each named once with the version the owner saw); a moved one gets a new version. */
    async reorder(who: Actor, order: readonly { id: string; version: number }[]): Promise<AdminCategory[]> {
      return inWriteTransaction(database, async (trx) => {
        const rows = await trx.selectFrom('category').selectAll().orderBy('position').orderBy('id').execute();
        const before = rows.map(toAdminCategory);
        const ids = new Set(order.map((entry) => entry.id));
        if (ids.size !== order.length || ids.size !== before.length || before.some((row) => !ids.has(row._id))) {
          throw new CatalogueWriteError('invalid', writeMessages.reorderMustNameAll);
        }
        const byId = new Map(before.map((category) => [category._id, category]));
        const after: AdminCategory[] = [];
        for (const [position, entry] of order.entries()) {
          const current = byId.get(entry.id)!;
          if (current.version !== entry.version) throw stale(current);
          if (current.position === position) {
            after.push(current);
            continue;
          }
          await trx
            .updateTable('category')
            .set({ position, version: current.version + 1 })
            .where('id', '=', entry.id)
            .execute();
          after.push({ ...current, position, version: current.version + 1 });
        }
        await recordAudit(trx, who, now(), [
          {
            action: 'category.reorder',
            entity: 'category',
            entityId: null,
            before: before.map((category) => category.slug),
            after: after.map((category) => category.slug),
          },
        ]);
        return after;
      });
    },

    /** Deletes the category at `expectedVersion`, only when no animal (hidden ones included) is in it. */
    async delete(who: Actor, id: string, expectedVersion: number | undefined): Promise<void> {
      const version = requireVersion(expectedVersion);
      await inWriteTransaction(database, async (trx) => {
        // PostgreSQL: lock the row, so an animal added to it meanwhile waits (and then fails) or is counted.
        const locked = await trx
          .selectFrom('category')
          .selectAll()
          .where('id', '=', id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!locked || !ID_PATTERN.test(id)) throw new CatalogueWriteError('not-found', writeMessages.categoryNotFound);
        const current = toAdminCategory(locked);
        if (current.version !== version) throw stale(current);
        const { count } = await trx
          .selectFrom('animal')
          .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
          .where('category_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(count) > 0) {
          throw new CatalogueWriteError('not-empty', writeMessages.categoryNotEmpty(current.name, Number(count)));
        }
        await trx.deleteFrom('category').where('id', '=', id).execute();
        await recordAudit(trx, who, now(), [
          { action: 'category.delete', entity: 'category', entityId: id, before: current, after: null },
        ]);
      });
    },
  };
}
