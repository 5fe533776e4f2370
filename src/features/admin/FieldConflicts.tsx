/**
 * Another change beside the owner's, field by field (a refused save, or a draft whose fields someone
 * changed since): each field a group of two choices, what was typed and the other change, with
 * shortcuts for all of one side and for the merge (each field from the side that changed it). Applying
 * the choice puts it into the form on the other change's version; nothing typed is dropped before that.
 */
import { useId, useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from '../../lib/classes.ts';
import { mergedChoice, type FieldConflict } from './draft-rules.ts';
import { adminStrings } from './strings.ts';

const t = adminStrings.conflicts;

type Choice = 'mine' | 'theirs';

interface Props {
  title: string;
  conflicts: readonly FieldConflict[];
  /** A field's Hebrew name. */
  label: (field: string) => string;
  /** A value as the owner reads it. */
  show: (field: string, value: unknown) => string;
  /** The side each field starts on. */
  initial: (conflict: FieldConflict) => Choice;
  onApply: (choices: Record<string, Choice>) => void;
}

export default function FieldConflicts({ title, conflicts, label, show, initial, onApply }: Props) {
  const id = useId();
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(conflicts.map((conflict) => [conflict.field, initial(conflict)])),
  );
  const all = (choice: Choice) => setChoices(Object.fromEntries(conflicts.map(({ field }) => [field, choice])));
  // Each field from the side that changed it; a field both changed keeps the owner's current pick.
  const merge = () =>
    setChoices((before) =>
      Object.fromEntries(
        conflicts.map((conflict) => [
          conflict.field,
          conflict.changedBy === 'both' ? (before[conflict.field] ?? 'mine') : mergedChoice(conflict),
        ]),
      ),
    );
  const text = (field: string, value: unknown) => {
    const shown = show(field, value);
    return shown === '' ? t.none : shown;
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border-2 border-amber-600 p-4 dark:border-amber-400"
      data-conflicts
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h2>
      {conflicts.map((conflict) => (
        <fieldset
          key={conflict.field}
          className="flex flex-col gap-2 rounded-lg border border-slate-300 p-3 dark:border-slate-600"
          data-conflict={conflict.field}
        >
          <legend className="px-1 font-bold">
            {label(conflict.field)}
            {conflict.changedBy === 'both' && <span className="ms-2 text-sm font-normal">({t.both})</span>}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['mine', 'theirs'] as const).map((side) => (
              <label
                key={side}
                className="flex items-start gap-2 rounded-lg border border-slate-300 p-2 has-checked:border-brand-700 has-checked:bg-brand-50 dark:border-slate-600 dark:has-checked:border-brand-200 dark:has-checked:bg-slate-800"
              >
                <input
                  type="radio"
                  name={`${id}-${conflict.field}`}
                  value={side}
                  checked={choices[conflict.field] === side}
                  onChange={() => setChoices((before) => ({ ...before, [conflict.field]: side }))}
                  aria-label={side === 'mine' ? t.keepMine(label(conflict.field)) : t.takeTheirs(label(conflict.field))}
                  className="mt-1 size-5 shrink-0"
                />
                <span className="flex min-w-0 flex-col">
                  <span className="text-sm">{side === 'mine' ? t.mine : t.theirs}</span>
                  <bdi className="break-words whitespace-pre-line">{text(conflict.field, conflict[side])}</bdi>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => all('mine')} className={`${BUTTON_SECONDARY} px-3 py-1 text-sm`}>
          {t.allMine}
        </button>
        <button type="button" onClick={() => all('theirs')} className={`${BUTTON_SECONDARY} px-3 py-1 text-sm`}>
          {t.allTheirs}
        </button>
        <button type="button" onClick={merge} className={`${BUTTON_SECONDARY} px-3 py-1 text-sm`}>
          {t.merge}
        </button>
        <button type="button" onClick={() => onApply(choices)} className={`${BUTTON_PRIMARY} px-4 py-1`}>
          {t.apply}
        </button>
      </div>
    </section>
  );
}
