/**
 * A spreadsheet of animals into the catalogue: a row with an id changes that animal if its version still stands (else
 * stale, unless `force`), a row without one creates one. Every bad row is named; a file with any changes nothing.
 */
import { AdminAnimalSchema, ID_PATTERN, type AdminAnimalInput } from '../../lib/schemas.ts';
import { recordAudit, type Actor } from '../db/catalogue/audit.ts';
import { selectAdminAnimals, toAdminAnimal, type StoredAnimal } from '../db/catalogue/catalogue-writes.ts';
import { inWriteTransaction, type WriteDatabase } from '../db/write-transaction.ts';
import { applyWrites, ApplyRefused, type PlannedWrite } from './apply-import.ts';
import { COLUMNS, decodeCsv, readCsv, SpreadsheetError, type Column, type Encoding, type Problem } from './csv-file.ts';
import { spreadsheetMessages as messages } from './messages.ts';

/** The animal's fields a row sets, in the file's order. */
const FIELDS = COLUMNS.filter(
  (column): column is Exclude<Column, 'id' | 'version'> => column !== 'id' && column !== 'version',
);
type Field = (typeof FIELDS)[number];

export interface ImportOptions {
  /** Check and describe only; change nothing. */
  dryRun?: boolean | undefined;
  /** Overwrite animals changed since the export (their version differs). */
  force?: boolean | undefined;
  /** The file's encoding; detected when absent. */
  encoding?: Encoding | undefined;
  now?: () => Date;
  /** Told how long each step took, as it ends. */
  onPhase?: (phase: ImportPhase, ms: number) => void;
}

interface FieldChange {
  field: Field;
  before: string;
  after: string;
}

interface ImportPlan {
  encoding: Encoding | null;
  create: { line: number; animal: AdminAnimalInput }[];
  change: { line: number; id: string; slug: string; name: string; changes: FieldChange[] }[];
  leave: { line: number; id: string; slug: string }[];
  /** Animals the file does not mention: they stay as they are. */
  notInFile: number;
  /** Every bad row; when there is any, nothing is (or would be) changed. */
  problems: Problem[];
}

export interface ImportResult extends ImportPlan {
  /** Whether the changes were saved (false for a dry run, or when there are problems). */
  applied: boolean;
}

interface Work {
  plan: ImportPlan;
  writes: PlannedWrite[];
}

function parseNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  // Excel may write thousands separators (1,234.5) in a formatted column.
  const plain = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
  return /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(plain) ? Number(plain) : trimmed;
}

function parseHidden(text: string): boolean | string {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0' || trimmed === 'לא') return false;
  if (trimmed === 'true' || trimmed === '1' || trimmed === 'כן') return true;
  return text;
}

function cellValue(field: Field, text: string): unknown {
  if (field === 'price' || field === 'countInStock' || field === 'rating' || field === 'numReviews')
    return parseNumber(text);
  if (field === 'hidden') return parseHidden(text);
  return text;
}

const display = (value: unknown) => String(value);

/** The header's columns → their cell index, or the header's problems. */
function readHeader(cells: readonly string[]): { index: Map<Column, number>; problems: Problem[] } {
  const index = new Map<Column, number>();
  const problems: Problem[] = [];
  cells.forEach((cell, position) => {
    const name = cell.trim();
    if (!name) return;
    const column = COLUMNS.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    if (!column) problems.push({ line: 1, column: null, message: messages.unknownColumn(name) });
    else if (index.has(column)) problems.push({ line: 1, column, message: messages.duplicateColumn(column) });
    else index.set(column, position);
  });
  for (const column of COLUMNS) {
    if (!index.has(column)) problems.push({ line: 1, column, message: messages.missingColumn(column) });
  }
  return { index, problems };
}

async function planImport(
  database: WriteDatabase,
  bytes: Uint8Array,
  options: ImportOptions,
  phase: (name: ImportPhase) => void,
): Promise<Work> {
  const plan: ImportPlan = { encoding: null, create: [], change: [], leave: [], notInFile: 0, problems: [] };
  const writes: Work['writes'] = [];
  const refuse = (problems: Problem[]) => ({ plan: { ...plan, problems }, writes: [] });
  let records;
  try {
    const decoded = decodeCsv(bytes, options.encoding);
    plan.encoding = decoded.encoding;
    records = readCsv(decoded.text);
    phase('parse');
  } catch (error) {
    if (error instanceof SpreadsheetError) return refuse(error.problems);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return refuse([{ line: 1, column: null, message: messages.empty }]);
  const { index, problems } = readHeader(header.cells);
  if (problems.length > 0) return refuse(problems);
  const width = Math.max(...index.values()) + 1;

  const { db } = database;
  const animals = new Map((await selectAdminAnimals(db).execute()).map((row) => [row.id, toAdminAnimal(row)]));
  const categories = new Map<string, { id: string; slug: string }>();
  for (const row of await db.selectFrom('category').select(['id', 'slug']).execute()) categories.set(row.slug, row);
  const redirects = await db
    .selectFrom('category_redirect')
    .innerJoin('category', 'category.id', 'category_redirect.category_id')
    .select(['category_redirect.old_slug', 'category.id', 'category.slug'])
    .execute();
  for (const row of redirects) if (!categories.has(row.old_slug)) categories.set(row.old_slug, row);

  const seenIds = new Map<string, number>();
  /** Every animal's slug once the file is applied: existing animals by id, new ones by line. */
  const finalSlugs = new Map<string, string>([...animals.values()].map((animal) => [animal._id, animal.slug]));
  const lineOf = new Map<string, number>();
  for (const { line, cells } of rows) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    const rowProblems: Problem[] = [];
    const problem = (column: Column | null, message: string) => rowProblems.push({ line, column, message });
    if (cells.length < width || cells.slice(header.cells.length).some((cell) => cell.trim() !== '')) {
      plan.problems.push({ line, column: null, message: messages.cellCount(cells.length, header.cells.length) });
      continue;
    }
    const cell = (column: Column) => cells[index.get(column)!] ?? '';

    const id = cell('id').trim();
    let current: StoredAnimal | undefined;
    if (id) {
      if (!ID_PATTERN.test(id)) problem('id', messages.badId);
      else if (seenIds.has(id)) problem('id', messages.duplicateId(seenIds.get(id)!));
      else if (!(current = animals.get(id))) problem('id', messages.unknownId);
      seenIds.set(id, seenIds.get(id) ?? line);
    }
    const parsed = AdminAnimalSchema.safeParse(
      Object.fromEntries(FIELDS.map((field) => [field, cellValue(field, cell(field))])),
    );
    if (!parsed.success) {
      const named = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? '') as Column;
        if (named.has(column)) continue;
        named.add(column);
        problem(COLUMNS.includes(column) ? column : null, issue.message);
      }
    }
    const category = parsed.success ? categories.get(parsed.data.category) : undefined;
    if (parsed.success && !category) problem('category', messages.unknownCategory(parsed.data.category));

    let version: number | null = null;
    const versionText = cell('version').trim();
    if (current && versionText) {
      const parsedVersion = parseNumber(versionText);
      if (typeof parsedVersion !== 'number' || !Number.isInteger(parsedVersion))
        problem('version', messages.badVersion);
      else version = parsedVersion;
    }
    if (rowProblems.length > 0 || !parsed.success || !category) {
      plan.problems.push(...rowProblems);
      continue;
    }
    const next: AdminAnimalInput = { ...parsed.data, category: category.slug };
    const key = current ? current._id : `line:${line}`;
    finalSlugs.set(key, next.slug);
    lineOf.set(key, line);
    if (!current) {
      plan.create.push({ line, animal: next });
      writes.push({ line, current, next, categoryId: category.id, version: null });
      continue;
    }
    const changes = FIELDS.filter((field) => next[field] !== current[field]).map((field) => ({
      field,
      before: display(current[field]),
      after: display(next[field]),
    }));
    if (changes.length === 0) {
      plan.leave.push({ line, id: current._id, slug: current.slug });
      continue;
    }
    if (!options.force && versionText === '') {
      plan.problems.push({ line, column: 'version', message: messages.missingVersion });
      continue;
    }
    if (!options.force && version !== current.version) {
      plan.problems.push({ line, column: 'version', message: messages.stale(version!, current.version) });
      continue;
    }
    plan.change.push({ line, id: current._id, slug: current.slug, name: current.name, changes });
    writes.push({ line, current, next, categoryId: category.id, version: options.force ? null : version });
  }

  // Slugs stay unique once the file is applied.
  const bySlug = new Map<string, string[]>();
  for (const [key, slug] of finalSlugs) bySlug.set(slug, [...(bySlug.get(slug) ?? []), key]);
  for (const [slug, keys] of bySlug) {
    if (keys.length < 2) continue;
    const lines = keys.map((key) => lineOf.get(key)).filter((line) => line !== undefined);
    const heldOutside = keys.length > lines.length;
    for (const line of lines) {
      const other = lines.find((candidate) => candidate !== line);
      const message = heldOutside || other === undefined ? messages.slugTaken(slug) : messages.slugInLine(slug, other);
      plan.problems.push({ line, column: 'slug', message });
    }
  }
  plan.notInFile = [...animals.keys()].filter((id) => !seenIds.has(id)).length;
  plan.problems.sort((a, b) => a.line - b.line || COLUMNS.indexOf(a.column!) - COLUMNS.indexOf(b.column!));
  phase('validate');
  return { plan, writes: plan.problems.length > 0 ? [] : writes };
}

/** The import's steps, timed for `npm run bench:spreadsheet`. */
export type ImportPhase = 'parse' | 'validate' | 'write' | 'audit' | 'commit';

/** Checks the file and, unless a dry run or a bad row, applies it in one transaction, each change guarded by its version again. */
export async function importCatalogueCsv(
  database: WriteDatabase,
  who: Actor,
  bytes: Uint8Array,
  options: ImportOptions = {},
): Promise<ImportResult> {
  let mark = performance.now();
  const phase = (name: ImportPhase) => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };
  const { plan, writes } = await planImport(database, bytes, options, phase);
  if (options.dryRun || plan.problems.length > 0 || writes.length === 0) return { ...plan, applied: false };
  const now = options.now ?? (() => new Date());
  try {
    await inWriteTransaction(database, async (trx) => {
      const audit = await applyWrites(trx, writes);
      phase('write');
      await recordAudit(trx, who, now(), audit);
      phase('audit');
    });
    phase('commit');
  } catch (error) {
    if (error instanceof ApplyRefused) return { ...plan, problems: error.problems, applied: false };
    throw error;
  }
  return { ...plan, applied: true };
}
