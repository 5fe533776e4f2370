/**
 * The owner's changes to animals (the admin API and the import): validated with the API's schemas, the version the
 * writer saw checked (stale 412, none 428), search columns computed, an audit entry, all in one transaction.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  AdminAnimalPatchSchema,
  AdminAnimalSchema,
  ID_PATTERN,
  type AdminAnimal,
  type AdminAnimalInput,
} from '../../../lib/schemas.ts';
import { moveToTrash } from './trash-rows.ts';
import { recordAudit, type Actor, type AuditEntry } from './audit.ts';
import { writeMessages } from './catalogue-messages.ts';
import { CatalogueWriteError, definedOnly, requireVersion, validate } from './write-rules.ts';
import { newId } from '../ids.ts';
import { toAnimal } from './animal-rows.ts';
import { insertSearchWords } from '../search/animal-words.ts';
import { searchColumnsFor, type SearchColumns } from '../search/animal-words.ts';
import { drawnPicture, isDrawnPicture } from '../../pictures/drawn.ts';
import type { AnimalTable, ShopTables } from '../tables.ts';
import { inWriteTransaction, isUniqueViolation, type WriteDatabase } from '../write-transaction.ts';

/** An animal as stored, with its category's id. */
export type StoredAnimal = AdminAnimal & { categoryId: string };

type AnimalWithCategory = Selectable<AnimalTable> & { category_slug: string };

export function toAdminAnimal(row: AnimalWithCategory): StoredAnimal {
  // The shopper's animal (./animal-rows.ts), plus what only the owner sees.
  return { ...toAnimal(row), hidden: Boolean(row.hidden), version: Number(row.version), categoryId: row.category_id };
}

/** Every animal, hidden ones too, in category order then Hebrew name order. */
export function selectAdminAnimals(db: Kysely<ShopTables>) {
  return db
    .selectFrom('animal')
    .innerJoin('category', 'category.id', 'animal.category_id')
    .selectAll('animal')
    .select('category.slug as category_slug');
}

export async function readStoredAnimal(db: Kysely<ShopTables>, id: string): Promise<StoredAnimal | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  const row = await selectAdminAnimals(db).where('animal.id', '=', id).executeTakeFirst();
  return row && toAdminAnimal(row);
}

/** The audit's picture of an animal: what the admin sees. */
export function snapshot({ categoryId: _categoryId, ...animal }: StoredAnimal): AdminAnimal {
  return animal;
}

export function staleError(current: StoredAnimal): CatalogueWriteError {
  return new CatalogueWriteError('stale', writeMessages.stale, {}, snapshot(current));
}

/** An animal's columns as the admin's form sets them (its slug, picture, version and search columns aside). */
export function animalColumns(next: AdminAnimalInput, categoryId: string) {
  return {
    name: next.name,
    description: next.description,
    price: next.price,
    count_in_stock: next.countInStock,
    rating: next.rating,
    num_reviews: next.numReviews,
    category_id: categoryId,
    hidden: next.hidden ? 1 : 0,
  };
}

/** Writes one animal in a transaction: inserts it, or updates `current` guarded by `expectedVersion` (null: the import's --force). */
export async function writeAnimalRow(
  trx: Kysely<ShopTables>,
  current: StoredAnimal | undefined,
  next: AdminAnimalInput,
  categoryId: string,
  expectedVersion: number | null,
): Promise<{ animal: StoredAnimal; audit: AuditEntry }> {
  const values = { slug: next.slug, ...animalColumns(next, categoryId) };
  const search = searchColumnsFor(next);
  try {
    if (!current) {
      const id = newId();
      // A new animal gets the generator's picture of its slug (the owner may upload one after).
      const img = await drawnPicture(trx, 'animal', next.slug);
      await trx
        .insertInto('animal')
        .values({ id, img, version: 1, ...values, ...search })
        .execute();
      await insertSearchWords(trx, [next]);
      const animal: StoredAnimal = { _id: id, img, ...next, version: 1, categoryId };
      return {
        animal,
        audit: { action: 'animal.create', entity: 'animal', entityId: id, before: null, after: snapshot(animal) },
      };
    }
    const changedSearch = changedSearchColumns(current, search);
    // A renamed animal's drawn picture follows its slug; an uploaded one stays.
    const img =
      next.slug !== current.slug && isDrawnPicture(current.img)
        ? await drawnPicture(trx, 'animal', next.slug)
        : current.img;
    const result = await trx
      .updateTable('animal')
      .set((eb) => ({ ...values, img, ...changedSearch, version: eb('version', '+', 1) }))
      .where('id', '=', current._id)
      .$if(expectedVersion !== null, (qb) => qb.where('version', '=', expectedVersion!))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const now = await readStoredAnimal(trx, current._id);
      if (!now) throw new CatalogueWriteError('not-found', writeMessages.animalNotFound);
      throw staleError(now);
    }
    if (Object.keys(changedSearch).length > 0) await insertSearchWords(trx, [next]);
    const version =
      expectedVersion === null ? (await readStoredAnimal(trx, current._id))!.version : expectedVersion + 1;
    const animal: StoredAnimal = { ...current, ...next, img, version, categoryId };
    return {
      animal,
      audit: {
        action: 'animal.update',
        entity: 'animal',
        entityId: current._id,
        before: snapshot(current),
        after: snapshot(animal),
      },
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new CatalogueWriteError('conflict', writeMessages.animalSlugTaken(next.slug), {
        slug: writeMessages.animalSlugTaken(next.slug),
      });
    }
    throw error;
  }
}

/** The search columns that differ from the ones `current` has: a price or stock change writes none of them. */
function changedSearchColumns(current: StoredAnimal, next: SearchColumns): Partial<SearchColumns> {
  const before = searchColumnsFor(current);
  return Object.fromEntries(
    Object.entries(next).filter(([column, value]) => before[column as keyof SearchColumns] !== value),
  );
}

/** A category's id by its slug (exact), or a refusal naming the field. */
async function categoryIdOf(trx: Kysely<ShopTables>, slug: string): Promise<string> {
  const row = await trx.selectFrom('category').select('id').where('slug', '=', slug).executeTakeFirst();
  if (!row) {
    throw new CatalogueWriteError('invalid', writeMessages.invalid, { category: writeMessages.unknownCategory(slug) });
  }
  return row.id;
}

async function refuseTakenSlug(trx: Kysely<ShopTables>, slug: string, ownId?: string): Promise<void> {
  const taken = await trx
    .selectFrom('animal')
    .select('id')
    .where('slug', '=', slug)
    .$if(ownId !== undefined, (qb) => qb.where('id', '<>', ownId!))
    .executeTakeFirst();
  if (taken) {
    const message = writeMessages.animalSlugTaken(slug);
    throw new CatalogueWriteError('conflict', message, { slug: message });
  }
}

export interface CatalogueWriteOptions {
  /** The clock of audit entries (tests pass a fixed one). */
  now?: () => Date;
}

export function createAnimalWrites(database: WriteDatabase, { now = () => new Date() }: CatalogueWriteOptions = {}) {
  const { db } = database;
  return {
    /** An animal with its version and hidden flag, or undefined. */
    async read(id: string): Promise<AdminAnimal | undefined> {
      const animal = await readStoredAnimal(db, id);
      return animal && snapshot(animal);
    },

    async create(who: Actor, input: unknown): Promise<AdminAnimal> {
      const next = validate(AdminAnimalSchema, input);
      return inWriteTransaction(database, async (trx) => {
        const categoryId = await categoryIdOf(trx, next.category);
        await refuseTakenSlug(trx, next.slug);
        const { animal, audit } = await writeAnimalRow(trx, undefined, next, categoryId, 1);
        await recordAudit(trx, who, now(), [audit]);
        return snapshot(animal);
      });
    },

    /** Changes any subset of the fields of the animal at `expectedVersion`. */
    async update(who: Actor, id: string, expectedVersion: number | undefined, patch: unknown): Promise<AdminAnimal> {
      const version = requireVersion(expectedVersion);
      const changes = validate(AdminAnimalPatchSchema, patch);
      return inWriteTransaction(database, async (trx) => {
        const current = await readStoredAnimal(trx, id);
        if (!current) throw new CatalogueWriteError('not-found', writeMessages.animalNotFound);
        if (current.version !== version) throw staleError(current);
        const next: AdminAnimalInput = { ...current, ...definedOnly(changes) };
        const categoryId =
          next.category === current.category ? current.categoryId : await categoryIdOf(trx, next.category);
        if (next.slug !== current.slug) await refuseTakenSlug(trx, next.slug, id);
        const { animal, audit } = await writeAnimalRow(trx, current, next, categoryId, version);
        await recordAudit(trx, who, now(), [audit]);
        return snapshot(animal);
      });
    },

    /** Puts a stored picture (src/server/pictures) on the animal at `expectedVersion`. */
    async setPicture(who: Actor, id: string, expectedVersion: number | undefined, img: string): Promise<AdminAnimal> {
      const version = requireVersion(expectedVersion);
      return inWriteTransaction(database, async (trx) => {
        const current = await readStoredAnimal(trx, id);
        if (!current) throw new CatalogueWriteError('not-found', writeMessages.animalNotFound);
        if (current.version !== version) throw staleError(current);
        const result = await trx
          .updateTable('animal')
          .set((eb) => ({ img, version: eb('version', '+', 1) }))
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) throw staleError((await readStoredAnimal(trx, id)) ?? current);
        const animal = { ...current, img, version: version + 1 };
        await recordAudit(trx, who, now(), [
          {
            action: 'animal.picture',
            entity: 'animal',
            entityId: id,
            before: snapshot(current),
            after: snapshot(animal),
          },
        ]);
        return snapshot(animal);
      });
    },

    hide(who: Actor, id: string, expectedVersion: number | undefined): Promise<AdminAnimal> {
      return this.update(who, id, expectedVersion, { hidden: true });
    },

    show(who: Actor, id: string, expectedVersion: number | undefined): Promise<AdminAnimal> {
      return this.update(who, id, expectedVersion, { hidden: false });
    },

    /** Moves the animal at `expectedVersion` to the trash (./trash-rows.ts, ./animal-trash.ts), restorable for 30 days. */
    async delete(who: Actor, id: string, expectedVersion: number | undefined): Promise<void> {
      const version = requireVersion(expectedVersion);
      await inWriteTransaction(database, async (trx) => {
        const current = await readStoredAnimal(trx, id);
        if (!current) throw new CatalogueWriteError('not-found', writeMessages.animalNotFound);
        if (current.version !== version) throw staleError(current);
        const result = await trx
          .deleteFrom('animal')
          .where('id', '=', id)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) throw staleError((await readStoredAnimal(trx, id)) ?? current);
        const at = now();
        await moveToTrash(trx, who, at, current);
        await recordAudit(trx, who, at, [
          { action: 'animal.delete', entity: 'animal', entityId: id, before: snapshot(current), after: null },
        ]);
      });
    },
  };
}
