/** The catalogue's audit: every change with who, when, what, before and after, written in the change's own transaction. */
import { userInfo } from 'node:os';
import type { Kysely } from 'kysely';
import type { AuditTable, ShopTables } from '../tables.ts';

/** Who changes the catalogue: a Clerk user id (and a name or e-mail when the session carries one), or the command line. */
export interface Actor {
  id: string;
  name?: string | null;
}

/** The command line's actor: `cli:<system user>`. */
export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = userInfo().username || user;
  } catch {
    // No entry for this uid (some containers): keep "unknown".
  }
  return { id: `cli:${user}` };
}

export interface AuditEntry {
  action: string;
  entity: AuditTable['entity'];
  entityId: string | null;
  before: unknown;
  after: unknown;
}

export interface AuditRecord extends AuditEntry {
  id: number;
  at: string;
  actor: string;
  actorName: string | null;
}

/** Entries per insert: 8 values each, well under both databases' limits on parameters. */
const BATCH = 1000;

/** A value as a JSON column; none is SQL's null. */
const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** An entry as its row in `audit`. */
const auditRow = (who: Actor, at: Date, entry: AuditEntry) => ({
  at: at.toISOString(),
  actor: who.id,
  actor_name: who.name ?? null,
  action: entry.action,
  entity: entry.entity,
  entity_id: entry.entityId,
  before: jsonOrNull(entry.before),
  after: jsonOrNull(entry.after),
});

export async function recordAudit(
  trx: Kysely<ShopTables>,
  who: Actor,
  at: Date,
  entries: readonly AuditEntry[],
): Promise<void> {
  const rows = entries.map((entry) => auditRow(who, at, entry));
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto('audit')
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
}

/** One entry recorded inside the caller's transaction; its id (an undo names it). */
export async function recordAuditEntry(
  trx: Kysely<ShopTables>,
  who: Actor,
  at: Date,
  entry: AuditEntry,
): Promise<number> {
  const row = await trx
    .insertInto('audit')
    .values(auditRow(who, at, entry))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One page of the audit, newest first (for /admin/audit and GET /api/admin/audit). */
export async function listAudit(
  db: Kysely<ShopTables>,
  { page = 1, limit = 50 }: { page?: number; limit?: number } = {},
): Promise<{ entries: AuditRecord[]; total: number }> {
  const { total } = await db
    .selectFrom('audit')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('audit')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    total: Number(total),
    entries: rows.map((row) => ({
      id: Number(row.id),
      at: row.at,
      actor: row.actor,
      actorName: row.actor_name,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before === null ? null : (JSON.parse(row.before) as unknown),
      after: row.after === null ? null : (JSON.parse(row.after) as unknown),
    })),
  };
}

/** What the seed records when it (re)places the whole catalogue; changes after the latest one are the owner's. */
export const SEED_ACTION = 'catalogue.seed';

/** How many catalogue changes the audit holds since the catalogue was last seeded (the content pages' not counted). */
export async function changesSinceSeed(db: Kysely<ShopTables>): Promise<number> {
  const seeded = await db
    .selectFrom('audit')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('action', '=', SEED_ACTION)
    .executeTakeFirst();
  const since = seeded?.id === null || seeded?.id === undefined ? undefined : Number(seeded.id);
  const { count } = await db
    .selectFrom('audit')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('entity', '!=', 'page')
    .$if(since !== undefined, (qb) => qb.where('id', '>', since!))
    .executeTakeFirstOrThrow();
  return Number(count);
}
