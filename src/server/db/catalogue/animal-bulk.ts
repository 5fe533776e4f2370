/**
 * One change to many animals at once (the admin table's selection): hide, show, or move the price or
 * the stock by an amount or a percent. Every animal named is checked at the version the owner saw and
 * every new value by the API's own rules before anything is written; then all are written in one
 * transaction (./animal-updates.ts) and recorded as one audit entry, which one undo takes back — as long
 * as none of those animals changed since.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { AdminAnimalPatchSchema, type AdminAnimal } from '../../../lib/schemas.ts';
import type { ShopTables } from '../tables.ts';
import { inWriteTransaction, type WriteDatabase } from '../write-transaction.ts';
import { updateAnimalRows, type AnimalUpdate } from './animal-updates.ts';
import { recordAuditEntry, type Actor } from './audit.ts';
import { writeMessages } from './catalogue-messages.ts';
import { readStoredAnimal, snapshot, type StoredAnimal } from './catalogue-writes.ts';
import { CatalogueWriteError, validate } from './write-rules.ts';

const BULK_ACTION = 'animal.bulk';
const BULK_UNDO_ACTION = 'animal.bulk-undo';
const BULK_MOST = 500;

const BulkChangeSchema = z.object({
  animals: z
    .array(z.object({ id: z.string(), version: z.number().int() }), writeMessages.bulkAnimals)
    .min(1, writeMessages.bulkAnimals)
    .max(BULK_MOST, writeMessages.bulkTooMany(BULK_MOST)),
  change: z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.enum(['hide', 'show']) }),
      z.object({
        kind: z.enum(['price', 'stock']),
        by: z.enum(['amount', 'percent'], writeMessages.bulkBy),
        value: z.number(writeMessages.bulkValue).finite(writeMessages.bulkValue),
      }),
    ],
    writeMessages.bulkKind,
  ),
});
type BulkChange = z.infer<typeof BulkChangeSchema>['change'];

/** The fields a bulk change sets on one animal. */
function changed(animal: StoredAnimal, change: BulkChange): Partial<AdminAnimal> {
  if (!('by' in change)) return { hidden: change.kind === 'hide' };
  const field = change.kind === 'price' ? 'price' : 'countInStock';
  const now = animal[field];
  const next = change.by === 'amount' ? now + change.value : now * (1 + change.value / 100);
  // Prices to the agora, stock to whole animals.
  return { [field]: field === 'price' ? Math.round(next * 100) / 100 : Math.round(next) };
}

/** What the audit keeps of one animal in a bulk change: the fields it set, and the versions either side. */
interface BulkItem {
  _id: string;
  name: string;
  before: Partial<AdminAnimal>;
  after: Partial<AdminAnimal>;
  /** The animal's version after the change (an undo is made on it). */
  version: number;
}

const pick = (animal: AdminAnimal, fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, animal[field as keyof AdminAnimal]])) as Partial<AdminAnimal>;

interface Plan {
  current: StoredAnimal;
  patch: Partial<AdminAnimal>;
  expected: number;
}

async function writeAll(trx: Kysely<ShopTables>, plans: readonly Plan[]): Promise<StoredAnimal[]> {
  const updates: AnimalUpdate[] = plans.map(({ current, patch, expected }) => ({
    current,
    next: { ...current, ...patch },
    categoryId: current.categoryId,
    expectedVersion: expected,
  }));
  const outcomes = await updateAnimalRows(trx, updates);
  return outcomes.map((outcome) => {
    if ('refused' in outcome) throw outcome.refused;
    return outcome.written;
  });
}

export function createAnimalBulk(database: WriteDatabase, { now = () => new Date() }: { now?: () => Date } = {}) {
  return {
    /** Applies the change to every animal named (each at its version): all of them, or none. */
    async apply(who: Actor, input: unknown): Promise<{ change: number; animals: AdminAnimal[] }> {
      const { animals, change } = validate(BulkChangeSchema, input);
      return inWriteTransaction(database, async (trx) => {
        const plans: Plan[] = [];
        for (const { id, version } of animals) {
          const current = await readStoredAnimal(trx, id);
          if (!current) throw new CatalogueWriteError('not-found', writeMessages.animalNotFound);
          if (current.version !== version) {
            throw new CatalogueWriteError('stale', writeMessages.bulkStale(current.name), {}, snapshot(current));
          }
          const patch = changed(current, change);
          const checked = AdminAnimalPatchSchema.safeParse(patch);
          if (!checked.success) {
            const message = checked.error.issues[0]!.message;
            throw new CatalogueWriteError('invalid', writeMessages.bulkRefused(current.name, message));
          }
          plans.push({ current, patch, expected: version });
        }
        const written = await writeAll(trx, plans);
        const fields = Object.keys(plans[0]!.patch);
        const items: BulkItem[] = written.map((animal, index) => ({
          _id: animal._id,
          name: animal.name,
          before: pick(snapshot(plans[index]!.current), fields),
          after: pick(snapshot(animal), fields),
          version: animal.version,
        }));
        const id = await recordAuditEntry(trx, who, now(), {
          action: BULK_ACTION,
          entity: 'animal',
          entityId: null,
          before: { change, animals: items.map(({ _id, name, before }) => ({ _id, name, ...before })) },
          after: { change, animals: items.map(({ _id, name, after, version }) => ({ _id, name, ...after, version })) },
        });
        return { change: id, animals: written.map(snapshot) };
      });
    },

    /** Takes back bulk change `change` (its audit entry's id), if none of its animals changed since. */
    async undo(who: Actor, change: number): Promise<{ animals: AdminAnimal[] }> {
      return inWriteTransaction(database, async (trx) => {
        const entry = await trx.selectFrom('audit').selectAll().where('id', '=', change).executeTakeFirst();
        if (!entry || entry.action !== BULK_ACTION || entry.before === null || entry.after === null) {
          throw new CatalogueWriteError('not-found', writeMessages.bulkNotFound);
        }
        const undone = await trx
          .selectFrom('audit')
          .select('id')
          .where('action', '=', BULK_UNDO_ACTION)
          .where('entity_id', '=', String(change))
          .executeTakeFirst();
        if (undone) throw new CatalogueWriteError('conflict', writeMessages.bulkUndone);
        const before = (JSON.parse(entry.before) as { animals: (Partial<AdminAnimal> & { _id: string })[] }).animals;
        const after = (JSON.parse(entry.after) as { animals: { _id: string; version: number }[] }).animals;
        const plans: Plan[] = [];
        for (const [index, was] of before.entries()) {
          const { _id, name: _name, ...fields } = was;
          const current = await readStoredAnimal(trx, _id);
          if (!current || current.version !== after[index]!.version) {
            throw new CatalogueWriteError('stale', writeMessages.bulkChangedSince(current?.name ?? _name ?? _id));
          }
          plans.push({ current, patch: fields, expected: current.version });
        }
        const written = await writeAll(trx, plans);
        const fields = Object.keys(plans[0]!.patch);
        await recordAuditEntry(trx, who, now(), {
          action: BULK_UNDO_ACTION,
          entity: 'animal',
          entityId: String(change),
          before: {
            animals: plans.map(({ current }) => ({
              _id: current._id,
              name: current.name,
              ...pick(snapshot(current), fields),
            })),
          },
          after: {
            animals: written.map((animal) => ({
              _id: animal._id,
              name: animal.name,
              ...pick(snapshot(animal), fields),
            })),
          },
        });
        return { animals: written.map(snapshot) };
      });
    },
  };
}

/** The bulk changes taken back already (their audit ids): the audit offers no undo for them. */
export async function undoneBulkChanges(db: Kysely<ShopTables>): Promise<number[]> {
  const rows = await db.selectFrom('audit').select('entity_id').where('action', '=', BULK_UNDO_ACTION).execute();
  return rows.map((row) => Number(row.entity_id));
}
