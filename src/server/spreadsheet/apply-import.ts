/**
 * A checked spreadsheet applied in the import's transaction: animals keeping their slug written many at a time, new ones
 * and new slugs one at a time in the file's order, each guarded by its version; every refusal named at its line.
 */
import type { Kysely } from 'kysely';
import type { AdminAnimalInput } from '../../lib/schemas.ts';
import type { AuditEntry } from '../db/catalogue/audit.ts';
import { updateAnimalRows, type AnimalUpdate } from '../db/catalogue/animal-updates.ts';
import { writeAnimalRow, type StoredAnimal } from '../db/catalogue/catalogue-writes.ts';
import { CatalogueWriteError } from '../db/catalogue/write-rules.ts';
import type { ShopTables } from '../db/tables.ts';
import type { Problem } from './csv-file.ts';
import { spreadsheetMessages as messages } from './messages.ts';

export interface PlannedWrite {
  line: number;
  current: StoredAnimal | undefined;
  next: AdminAnimalInput;
  categoryId: string;
  /** The version the file names, or null to overwrite (--force, or a new animal). */
  version: number | null;
}

/** Everything one write refused, as the file's problems. */
export class ApplyRefused extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super('import refused');
    this.problems = problems;
  }
}

function problemOf(write: PlannedWrite, error: CatalogueWriteError, current: StoredAnimal | undefined): Problem {
  const message =
    error.kind === 'stale' && current && write.version !== null
      ? messages.stale(write.version, current.version)
      : error.message;
  return { line: write.line, column: error.kind === 'stale' ? 'version' : 'slug', message };
}

/** Writes `writes`, their audit entries in the file's order, or throws ApplyRefused naming every refused line. */
export async function applyWrites(trx: Kysely<ShopTables>, writes: readonly PlannedWrite[]): Promise<AuditEntry[]> {
  const audits = new Map<PlannedWrite, AuditEntry>();
  const problems: Problem[] = [];
  const refuse = () => new ApplyRefused(problems.sort((a, b) => a.line - b.line));

  const kept = writes.filter(
    (write): write is PlannedWrite & { current: StoredAnimal } =>
      write.current !== undefined && write.current.slug === write.next.slug,
  );
  const keptOnes = new Set<PlannedWrite>(kept);
  const updates: AnimalUpdate[] = kept.map(({ current, next, categoryId, version }) => ({
    current,
    next,
    categoryId,
    expectedVersion: version,
  }));
  const outcomes = await updateAnimalRows(trx, updates);
  kept.forEach((write, index) => {
    const outcome = outcomes[index]!;
    if ('written' in outcome) audits.set(write, outcome.audit);
    else problems.push(problemOf(write, outcome.refused, outcome.current));
  });

  for (const write of writes) {
    if (keptOnes.has(write)) continue;
    try {
      const written = await writeAnimalRow(trx, write.current, write.next, write.categoryId, write.version);
      audits.set(write, written.audit);
    } catch (error) {
      if (!(error instanceof CatalogueWriteError)) throw error;
      problems.push(problemOf(write, error, error.current as StoredAnimal | undefined));
      // A database error ends a PostgreSQL transaction; a refusal by version does not, so keep checking.
      if (error.kind !== 'stale' && error.kind !== 'not-found') throw refuse();
    }
  }
  if (problems.length > 0) throw refuse();
  return writes.flatMap((write) => {
    const audit = audits.get(write);
    return audit ? [audit] : [];
  });
}
