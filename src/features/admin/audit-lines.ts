/**
 * One audit entry as the owner reads it (src/server/db/catalogue/audit.ts's record): what it was about
 * — an animal or a category by name, a content page by its Hebrew name — and, for a change, each field
 * that changed as a row of Hebrew field name, before and after (./ChangeTable.tsx). A reorder of the
 * categories is one row: the order before and after, by name.
 */
import { fieldName, shownValue, type CategoryNames } from './change-values.ts';
import { adminStrings } from './strings.ts';

export interface AuditLine {
  id: number;
  at: string;
  actor: string;
  actorName: string | null;
  action: string;
  entity?: string;
  entityId?: string | null;
  before: unknown;
  after: unknown;
}

/** A field that changed: its Hebrew name, and its value before and after as the owner reads them. */
export interface ChangeRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

const record = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
/** Fields that say nothing to the owner in a list of changes (a picture's change is its own entry). */
const QUIET = new Set(['version', '_id', 'img', 'position']);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ between two records, as rows. */
function changedRows(before: unknown, after: unknown, categories: CategoryNames): ChangeRow[] {
  const old = record(before);
  const now = record(after);
  if (!old || !now) return [];
  return Object.keys(now)
    .filter((field) => !QUIET.has(field) && !same(old[field], now[field]))
    .map((field) => ({
      field,
      label: fieldName(field),
      before: shownValue(field, old[field], categories),
      after: shownValue(field, now[field], categories),
    }));
}

export function auditLine(
  { action, before, after }: Pick<AuditLine, 'action' | 'before' | 'after'>,
  categories: CategoryNames,
): { subject: string; rows: ChangeRow[] } {
  if (action === 'category.reorder' && Array.isArray(before) && Array.isArray(after)) {
    const names = (slugs: unknown[]) => slugs.map((slug) => categories.get(String(slug)) ?? String(slug)).join(' · ');
    return {
      subject: '',
      rows: [{ field: 'order', label: fieldName('order'), before: names(before), after: names(after) }],
    };
  }
  const old = record(before);
  const now = record(after);
  if (action.startsWith('animal.bulk') && Array.isArray(old?.['animals']) && Array.isArray(now?.['animals'])) {
    const was = old['animals'] as Record<string, unknown>[];
    const rows = (now['animals'] as Record<string, unknown>[]).flatMap((animal, index) =>
      changedRows(was[index], animal, categories).map((row) => ({
        ...row,
        field: `${String(animal['_id'])}.${row.field}`,
        label: `${typeof animal['name'] === 'string' ? animal['name'] : ''}: ${row.label}`,
      })),
    );
    return { subject: adminStrings.bulk.subject(was.length), rows };
  }
  const named = now?.['name'] ?? old?.['name'];
  const name = typeof named === 'string' ? named : '';
  if (action.startsWith('page.')) {
    const version = (value: Record<string, unknown> | undefined) => (value ? String(value['version']) : '');
    return {
      subject: adminStrings.pages.names[name] ?? name,
      rows: [{ field: 'version', label: adminStrings.pages.version, before: version(old), after: version(now) }],
    };
  }
  return { subject: name, rows: changedRows(before, after, categories) };
}
