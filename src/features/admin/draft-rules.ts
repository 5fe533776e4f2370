/**
 * What an admin form keeps of unsaved work, and how it comes back (the animal's form, a table row): a
 * draft holds only the fields the owner changed, each with the value it had when the change began
 * (its base) and the version the form was on. Brought back over the record as it is now, a field is
 * filled only when nobody else changed it since (its value is still the base); a field changed by
 * someone else meanwhile is offered beside the newer value, never laid over it. The same comparison
 * says, after a refused save (412), which fields differ between what was typed and the other change.
 */

/** A form's values, field by field. */
type Values = Record<string, unknown>;

interface FieldDraft<T extends Values> {
  /** The record's version when the form loaded it. */
  version: number;
  /** The changed fields' values as loaded. */
  base: Partial<T>;
  /** The changed fields' values as typed. */
  changed: Partial<T>;
}

/** A field where what was typed and the newer value differ. */
export interface FieldConflict<K extends string = string> {
  field: K;
  /** Typed (the draft's, or the form's at a refused save). */
  mine: unknown;
  /** Saved since by someone else. */
  theirs: unknown;
  /** Who changed it from what the form loaded: one side (the merge takes it), or both (the owner says). */
  changedBy: 'mine' | 'theirs' | 'both';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The draft of `values` typed over `base` (the record at `version`); undefined when nothing differs. */
export function draftOf<T extends Values>(version: number, base: T, values: T): FieldDraft<T> | undefined {
  const changed: Partial<T> = {};
  const from: Partial<T> = {};
  for (const field of Object.keys(base) as (keyof T)[]) {
    if (field in values && !same(values[field], base[field])) {
      changed[field] = values[field];
      from[field] = base[field];
    }
  }
  return Object.keys(changed).length === 0 ? undefined : { version, base: from, changed };
}

/** Whether a stored value is a draft of this shape (an older tab may have kept another). */
export function isFieldDraft<T extends Values>(value: unknown): value is FieldDraft<T> {
  if (!value || typeof value !== 'object') return false;
  const { version, base, changed } = value as Partial<FieldDraft<T>>;
  return typeof version === 'number' && !!base && typeof base === 'object' && !!changed && typeof changed === 'object';
}

/**
 * A draft brought back over `current` (the record now): the values to show (current, with the draft's
 * fields that nobody else changed), the fields filled, and the fields offered (changed since by someone else).
 */
export function restoreDraft<T extends Values>(
  draft: FieldDraft<T>,
  current: T,
): { values: T; applied: (keyof T & string)[]; offered: FieldConflict<keyof T & string>[] } {
  const values = { ...current };
  const applied: (keyof T & string)[] = [];
  const offered: FieldConflict<keyof T & string>[] = [];
  for (const field of Object.keys(draft.changed) as (keyof T & string)[]) {
    if (!(field in current)) continue;
    const mine = draft.changed[field];
    if (same(current[field], mine)) continue;
    if (same(current[field], draft.base[field])) {
      values[field] = mine as T[typeof field];
      applied.push(field);
    } else offered.push({ field, mine, theirs: current[field], changedBy: 'both' });
  }
  return { values, applied, offered };
}

/**
 * After a refused save: the fields where what was typed (`mine`, over `base`, the record as the form
 * loaded it) and the other change (`theirs`) differ, each with whether both sides changed it.
 */
export function conflictsOf<T extends Values>(base: T, mine: T, theirs: T): FieldConflict<keyof T & string>[] {
  return (Object.keys(base) as (keyof T & string)[])
    .filter((field) => !same(mine[field], theirs[field]))
    .map((field) => ({
      field,
      mine: mine[field],
      theirs: theirs[field],
      changedBy: same(mine[field], base[field]) ? 'theirs' : same(theirs[field], base[field]) ? 'mine' : 'both',
    }));
}

/** Which side a field takes when the owner merges: theirs where only they changed it, else what was typed. */
export const mergedChoice = ({ changedBy }: FieldConflict): 'mine' | 'theirs' =>
  changedBy === 'theirs' ? 'theirs' : 'mine';
