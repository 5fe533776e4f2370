/**
 * One animal in the admin's table: a row on a wide screen, a card below the small breakpoint (the same
 * elements, laid out by CSS). Price and stock are edited in place and checked with the API's own schema
 * before anything is sent (an empty field is an error under it, never 0); Enter saves. What was typed is
 * kept as the row's draft until saved (./draft-rules.ts), so a reload or signing in again brings it
 * back, and leaving the page with it asks first. Every change carries the row's version: when someone
 * else changed the animal meanwhile, the other change is shown beside what was typed, field by field.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD_CHECKED, FIELD_ERROR } from '../../lib/classes.ts';
import { AdminAnimalPatchSchema, numberFromField, type AdminAnimal } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import { fieldName, shownValue } from './change-values.ts';
import DraftNotice from './DraftNotice.tsx';
import { conflictsOf, draftOf, isFieldDraft, mergedChoice, restoreDraft, type FieldConflict } from './draft-rules.ts';
import FieldConflicts from './FieldConflicts.tsx';
import { clearFormDraft, loadFormDraft, saveFormDraft } from './form-draft.ts';
import { useLeaveGuard } from './leave-guard.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { editAnimalPath } from './sections.ts';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.animals;

/** The row's two fields as typed. */
type RowValues = { price: string; countInStock: string };
const NUMBERS = ['price', 'countInStock'] as const;

const valuesOf = (animal: AdminAnimal): RowValues => ({
  price: String(animal.price),
  countInStock: String(animal.countInStock),
});
const same = (a: RowValues, b: RowValues) => a.price === b.price && a.countInStock === b.countInStock;

/** A card's label of a cell (the table's column heading says it on a wide screen). */
const CARD_LABEL = 'text-sm sm:hidden';

interface Props {
  animal: AdminAnimal;
  categoryName: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onChanged: (animal: AdminAnimal) => void;
  onDelete: (animal: AdminAnimal) => void;
}

export default function AnimalRow({ animal, categoryName, selected, onSelect, onChanged, onDelete }: Props) {
  const id = useId();
  const draftKey = `admin-row:${animal._id}`;
  const [values, setValues] = useState<RowValues>(() => valuesOf(animal));
  const [errors, setErrors] = useState<Partial<Record<keyof RowValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [conflict, setConflict] = useState<{ current: AdminAnimal; fields: FieldConflict[]; draft: boolean }>();
  const [restored, setRestored] = useState(false);
  const [saved, setSaved] = useState(false);
  const base = valuesOf(animal);
  const changed = !same(values, base);
  useLeaveGuard(id, changed);

  // What was typed before a reload or a new sign-in comes back, only where nobody changed it since.
  useEffect(() => {
    const kept: unknown = loadFormDraft(draftKey);
    if (!isFieldDraft<RowValues>(kept)) return;
    const { values: back, applied, offered } = restoreDraft(kept, valuesOf(animal));
    setValues(back);
    setRestored(applied.length > 0);
    if (offered.length > 0) setConflict({ current: animal, fields: offered, draft: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // A change made elsewhere (a bulk change, another row's answer) shows in a row the owner is not editing.
  const shown = useRef(animal);
  useEffect(() => {
    const before = shown.current;
    if (before.version === animal.version) return;
    shown.current = animal;
    // Untouched since the row last showed the animal: show it as it is now.
    setValues((typed) => (same(typed, valuesOf(before)) ? valuesOf(animal) : typed));
  }, [animal]);

  function edit(field: keyof RowValues, text: string) {
    const next = { ...values, [field]: text };
    setValues(next);
    setSaved(false);
    setErrors((before) => ({ ...before, [field]: undefined }));
    const draft = draftOf(animal.version, base, next);
    if (draft) saveFormDraft(draftKey, draft);
    else clearFormDraft(draftKey);
  }

  async function send(patch: Record<string, unknown>): Promise<AdminAnimal | undefined> {
    setBusy(true);
    setProblem(undefined);
    setSaved(false);
    try {
      const next = await adminRequest<AdminAnimal>(`/animals/${animal._id}`, {
        method: 'PATCH',
        body: patch,
        version: animal.version,
      });
      onChanged(next);
      return next;
    } catch (error) {
      const refused = asRequestError(error);
      setErrors(Object.fromEntries(NUMBERS.map((field) => [field, refused.fields[field]])));
      if (refused.status === 412 && refused.current && 'price' in patch) {
        const current = refused.current as AdminAnimal;
        setConflict({ current, fields: conflictsOf(base, values, valuesOf(current)), draft: false });
      } else setProblem(refused);
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!changed || busy) return;
    const patch = { price: numberFromField(values.price), countInStock: numberFromField(values.countInStock) };
    const parsed = AdminAnimalPatchSchema.safeParse(patch);
    if (!parsed.success) {
      const found: Partial<Record<keyof RowValues, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof RowValues] ??= issue.message;
      setErrors(found);
      return;
    }
    const next = await send(parsed.data);
    if (!next) return;
    clearFormDraft(draftKey);
    setValues(valuesOf(next));
    setRestored(false);
    setConflict(undefined);
    setSaved(true);
  }

  function discard() {
    clearFormDraft(draftKey);
    setValues(base);
    setRestored(false);
    setConflict(undefined);
    setErrors({});
  }

  function applyChoices(choices: Record<string, 'mine' | 'theirs'>) {
    if (!conflict) return;
    const next = valuesOf(conflict.current);
    for (const { field, mine } of conflict.fields) {
      if (choices[field] === 'mine') next[field as keyof RowValues] = String(mine);
    }
    onChanged(conflict.current);
    setValues(next);
    setConflict(undefined);
    const draft = draftOf(conflict.current.version, valuesOf(conflict.current), next);
    if (draft) saveFormDraft(draftKey, draft);
    else clearFormDraft(draftKey);
  }

  const loadOther = () => {
    const current = problem?.current as AdminAnimal | undefined;
    if (!current) return;
    onChanged(current);
    setProblem(undefined);
  };

  const number = (field: keyof RowValues, label: string, hint: string) => (
    <td className="p-2 max-sm:flex max-sm:flex-col max-sm:gap-1">
      <label htmlFor={`${id}-${field}`} className={CARD_LABEL}>
        {hint}
      </label>
      <input
        id={`${id}-${field}`}
        type="number"
        inputMode={field === 'price' ? 'decimal' : 'numeric'}
        min={0}
        step={field === 'price' ? 'any' : 1}
        aria-label={label}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        value={values[field]}
        onChange={(event) => edit(field, event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void save();
          }
        }}
        className={`${FIELD_CHECKED} w-28 max-sm:w-full`}
      />
      {errors[field] && (
        <p id={`${id}-${field}-error`} className={`${FIELD_ERROR} max-w-40`}>
          {errors[field]}
        </p>
      )}
    </td>
  );

  return (
    <tr
      className="border-t border-slate-200 align-top max-sm:mb-4 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-2xl max-sm:border max-sm:p-3 dark:border-slate-700"
      data-admin-row={animal.slug}
    >
      <td className="p-2 max-sm:col-span-2 max-sm:p-0">
        <input
          type="checkbox"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={t.selectOf(animal.name)}
          className="size-5"
        />
      </td>
      <th scope="row" className="p-2 text-start max-sm:col-span-2 max-sm:p-0">
        <div className="flex items-center gap-3">
          <img
            src={animal.img}
            alt=""
            width={64}
            height={48}
            loading="lazy"
            className="aspect-[4/3] w-16 shrink-0 rounded-md object-cover"
          />
          <a href={editAnimalPath(animal._id)} className="underline underline-offset-2">
            {animal.name}
          </a>
        </div>
        {restored && (
          <DraftNotice text={adminStrings.drafts.rowRestored} onDiscard={discard} className="mt-2 text-sm" />
        )}
        {problem && (
          <RequestProblem
            error={problem}
            message={problem.status === 412 ? t.stale : Object.values(problem.fields)[0]}
            onLoadOther={loadOther}
            className="mt-1 text-sm text-red-700 dark:text-red-300"
          />
        )}
      </th>
      <td className="p-2 max-sm:col-span-2 max-sm:p-0">
        <span className={CARD_LABEL}>{t.category}: </span>
        {categoryName}
      </td>
      {number('price', t.priceOf(animal.name), t.price)}
      {number('countInStock', t.stockOf(animal.name), t.stock)}
      <td className="p-2 max-sm:hidden">{animal.rating}</td>
      <td className="p-2 max-sm:col-span-2 max-sm:p-0">
        <span
          className={
            animal.hidden
              ? 'rounded-full bg-amber-100 px-2 py-1 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100'
              : 'text-sm'
          }
        >
          {animal.hidden ? t.hidden : t.shown}
        </span>
        {animal.countInStock === 0 && (
          <span className="ms-2 rounded-full bg-slate-200 px-2 py-1 text-sm text-slate-900 dark:bg-slate-700 dark:text-slate-100">
            {t.soldOut}
          </span>
        )}
      </td>
      <td className="p-2 max-sm:col-span-2 max-sm:p-0">
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            disabled={!changed || busy}
            onClick={() => void save()}
            aria-label={t.saveOf(animal.name)}
            className={`${BUTTON_PRIMARY} px-3 py-1 disabled:opacity-50`}
          >
            {t.save}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void send({ hidden: !animal.hidden })}
            aria-label={animal.hidden ? t.showOf(animal.name) : t.hideOf(animal.name)}
            className={`${BUTTON_SECONDARY} px-3 py-1`}
          >
            {animal.hidden ? t.show : t.hide}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => onDelete(animal)}
            aria-label={t.deleteOf(animal.name)}
            className={`${BUTTON_DANGER} px-3 py-1`}
          >
            {t.delete}
          </button>
          <span role="status" className="text-sm text-green-800 dark:text-green-300">
            {saved && !changed ? `✓ ${t.saved}` : ''}
          </span>
        </div>
        {conflict && (
          <div className="mt-2 max-w-xl" role={conflict.draft ? undefined : 'alert'}>
            <FieldConflicts
              key={conflict.current.version}
              title={conflict.draft ? adminStrings.conflicts.draftTitle : adminStrings.conflicts.title}
              conflicts={conflict.fields}
              label={fieldName}
              show={(field, value) => (field === 'price' ? shownValue(field, Number(value)) : String(value))}
              initial={conflict.draft ? () => 'theirs' : mergedChoice}
              onApply={applyChoices}
            />
          </div>
        )}
      </td>
    </tr>
  );
}
