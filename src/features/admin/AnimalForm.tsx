/**
 * Create or edit one animal (/admin/animals/new, /admin/animals/{id}): react-hook-form with the API's
 * own zod schema, every error under its field, as on the contact form, the server's field errors mapped to the
 * same fields. Nothing typed is lost: the fields the owner changed are kept as a draft in sessionStorage
 * until saved (./draft-rules.ts: a reload, or signing in again, brings back only those fields, and only
 * where nobody changed them since, with a notice to discard it); leaving with unsaved changes asks
 * first (./leave-guard.ts); a 412 shows the other change beside what was typed, field by field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD_CHECKED, FIELD_ERROR } from '../../lib/classes.ts';
import { productPath } from '../../lib/paths.ts';
import { slugFromName } from '../../lib/transliterate.ts';
import { AdminAnimalSchema, numberFromField, type AdminAnimal, type AdminAnimalInput } from '../../lib/schemas.ts';
import { adminRequest, signInAgainHref } from './admin-client.ts';
import { shownValue, fieldName } from './change-values.ts';
import DraftNotice from './DraftNotice.tsx';
import { conflictsOf, draftOf, isFieldDraft, mergedChoice, restoreDraft, type FieldConflict } from './draft-rules.ts';
import FieldConflicts from './FieldConflicts.tsx';
import { clearFormDraft, loadFormDraft, saveFormDraft } from './form-draft.ts';
import { leaveWithoutAsking, useLeaveGuard } from './leave-guard.ts';
import PictureChooser, { type ChosenPicture } from './PictureChooser.tsx';
import PictureField, { uploadPicture } from './PictureField.tsx';
import { ANIMALS_PATH, editAnimalPath, LIST_KEY } from './sections.ts';
import { adminStrings } from './strings.ts';
import { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.form;
/** Why a new animal's picture was not stored, carried to its page after it is created. */
const PICTURE_PROBLEM_KEY = 'admin-new-animal-picture';
/** The form's fields: the schema's. */
const FIELDS = Object.keys(AdminAnimalSchema.shape) as (keyof AdminAnimalInput)[];
/** The number fields, each with its step (and the rating its top). */
const NUMBERS = [
  ['price', 'any', undefined],
  ['countInStock', 1, undefined],
  ['rating', 0.1, 5],
  ['numReviews', 1, undefined],
] as const;

interface Props {
  /** The animal as loaded (edit), or none (create). */
  animal?: AdminAnimal | undefined;
  categories: { slug: string; name: string }[];
}

type Problem = { kind: 'signed-out' } | { kind: 'other'; message: string };

/** Another change beside the owner's: after a refused save (412), or in a draft brought back. */
interface Conflict {
  kind: 'stale' | 'draft';
  current: AdminAnimal;
  fields: FieldConflict[];
}

const inputOf = (animal: AdminAnimal): AdminAnimalInput => ({
  name: animal.name,
  slug: animal.slug,
  description: animal.description,
  price: animal.price,
  countInStock: animal.countInStock,
  rating: animal.rating,
  numReviews: animal.numReviews,
  category: animal.category,
  hidden: animal.hidden,
});

export default function AnimalForm({ animal: loaded, categories }: Props) {
  const id = useId();
  const [animal, setAnimal] = useState(loaded);
  const [problem, setProblem] = useState<Problem | undefined>();
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [restored, setRestored] = useState<string[]>([]);
  const [done, setDone] = useState('');
  /** A new animal's picture, uploaded once the animal is created. */
  const [picture, setPicture] = useState<ChosenPicture | undefined>();
  const draftKey = `admin-animal:${loaded?._id ?? 'new'}`;
  const blank: AdminAnimalInput = {
    name: '',
    slug: '',
    description: '',
    price: 0,
    countInStock: 0,
    rating: 0,
    numReviews: 0,
    category: categories[0]?.slug ?? '',
    hidden: false,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<z.input<typeof AdminAnimalSchema>, unknown, AdminAnimalInput>({
    resolver: zodResolver(AdminAnimalSchema),
    defaultValues: loaded ? inputOf(loaded) : blank,
  });
  useLeaveGuard(id, isDirty || picture !== undefined);
  // A new animal's address name follows its name until the owner writes one.
  const [slugWritten, setSlugWritten] = useState(false);
  const name = watch('name');
  useEffect(() => {
    if (!animal && !slugWritten) setValue('slug', slugFromName(name ?? ''), { shouldDirty: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the name only
  }, [name]);
  const categoryNames = new Map(categories.map(({ slug, name }) => [slug, name]));
  const show = (field: string, value: unknown) => shownValue(field, value, categoryNames);

  /** The form on `record` (the version saves are made on), with `mine` laid over it as the owner's changes. */
  function loadOnto(record: AdminAnimal | undefined, mine: Partial<AdminAnimalInput> = {}) {
    reset(record ? inputOf(record) : blank);
    for (const [field, value] of Object.entries(mine)) {
      setValue(field as keyof AdminAnimalInput, value as never, { shouldDirty: true });
    }
  }

  // A draft from before a reload (or from before signing in again) comes back: only its fields, and
  // only those nobody changed since; the others are offered beside the newer value.
  useEffect(() => {
    const kept: unknown = loadFormDraft(draftKey);
    if (isFieldDraft<AdminAnimalInput>(kept)) {
      const { values, applied, offered } = restoreDraft(kept, loaded ? inputOf(loaded) : blank);
      const mine = Object.fromEntries(applied.map((field) => [field, values[field]]));
      if ('slug' in kept.changed) setSlugWritten(true);
      loadOnto(loaded, mine);
      setRestored(applied);
      if (offered.length > 0 && loaded) setConflict({ kind: 'draft', current: loaded, fields: offered });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  // What the owner changed, against the version the form is on, is the draft.
  useEffect(() => {
    const subscription = watch((values) => {
      const draft = draftOf(animal?.version ?? 0, animal ? inputOf(animal) : blank, values as AdminAnimalInput);
      if (draft) saveFormDraft(draftKey, draft);
      else clearFormDraft(draftKey);
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the draft follows the version the form is on
  }, [animal?.version]);

  function discardDraft() {
    clearFormDraft(draftKey);
    loadOnto(animal);
    setRestored([]);
    setConflict(undefined);
    setDone(adminStrings.drafts.discarded);
  }

  async function save(values: AdminAnimalInput) {
    setProblem(undefined);
    setDone('');
    try {
      const saved = animal
        ? await adminRequest<AdminAnimal>(`/animals/${animal._id}`, {
            method: 'PATCH',
            body: values,
            version: animal.version,
          })
        : await adminRequest<AdminAnimal>('/animals', { method: 'POST', body: values });
      clearFormDraft(draftKey);
      setRestored([]);
      setConflict(undefined);
      if (!animal) {
        reset(values);
        let notUploaded = '';
        if (picture) {
          try {
            await uploadPicture(`/animals/${saved._id}/picture`, picture, saved.version);
          } catch (failure) {
            notUploaded = failure instanceof ApiError ? failure.message : t.network;
          }
        }
        if (notUploaded) sessionStorage.setItem(PICTURE_PROBLEM_KEY, notUploaded);
        leaveWithoutAsking();
        location.assign(`${editAnimalPath(saved._id)}?created=1`);
        return;
      }
      setAnimal(saved);
      reset(inputOf(saved));
      setDone(t.saved);
    } catch (error) {
      const refused = error instanceof ApiError ? error : new ApiError(t.network);
      for (const [field, message] of Object.entries(refused.fields)) {
        if ((FIELDS as readonly string[]).includes(field)) setError(field as FieldPath<AdminAnimalInput>, { message });
      }
      if (refused.status === 412 && animal) {
        const current = refused.current as AdminAnimal;
        const fields = conflictsOf(inputOf(animal), getValues() as AdminAnimalInput, inputOf(current));
        setConflict({ kind: 'stale', current, fields });
      } else if (refused.status === 401) setProblem({ kind: 'signed-out' });
      else if (Object.keys(refused.fields).length === 0) setProblem({ kind: 'other', message: refused.message });
      else setProblem({ kind: 'other', message: t.fixFields });
    }
  }

  /** The owner's choice, field by field, put into the form on the other change's version. */
  function applyChoices(choices: Record<string, 'mine' | 'theirs'>) {
    if (!conflict) return;
    const typed = getValues() as AdminAnimalInput;
    const mine: Partial<AdminAnimalInput> = {};
    // Fields typed that the other change did not touch stay as typed.
    for (const field of FIELDS) {
      if (JSON.stringify(typed[field]) !== JSON.stringify(inputOf(conflict.current)[field])) {
        Object.assign(mine, { [field]: typed[field] });
      }
    }
    for (const { field, mine: value } of conflict.fields) {
      if (choices[field] === 'mine') Object.assign(mine, { [field]: value });
      else delete mine[field as keyof AdminAnimalInput];
    }
    setAnimal(conflict.current);
    loadOnto(conflict.current, mine);
    setConflict(undefined);
    setDone(adminStrings.conflicts.applied);
  }

  // Back to the list the owner came from (its search, filters and page).
  const [listSearch, setListSearch] = useState('');
  useEffect(() => {
    if (new URLSearchParams(location.search).get('created') === '1') {
      const notUploaded = sessionStorage.getItem(PICTURE_PROBLEM_KEY);
      sessionStorage.removeItem(PICTURE_PROBLEM_KEY);
      if (notUploaded) setProblem({ kind: 'other', message: adminStrings.picture.notUploaded(notUploaded) });
      else setDone(t.created);
    }
    setListSearch(sessionStorage.getItem(LIST_KEY) ?? '');
  }, []);

  const field = (name: (typeof FIELDS)[number], label: string, input: ReactNode, hint?: string) => (
    <div key={name} className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {hint && (
        <p id={`${id}-${name}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      )}
      {input}
      {errors[name]?.message && (
        <p id={`${id}-${name}-error`} className={FIELD_ERROR}>
          {errors[name].message}
        </p>
      )}
    </div>
  );
  const aria = (name: (typeof FIELDS)[number], hint = false) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hint ? `${id}-${name}-hint` : '', errors[name] ? `${id}-${name}-error` : ''].join(' ').trim() || undefined,
  });

  return (
    <div className="flex flex-col gap-10">
      <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="flex max-w-2xl flex-col gap-4">
        <h1 className="text-3xl font-bold">{animal ? t.editTitle(animal.name) : t.newTitle}</h1>
        <p role="status" className="min-h-6">
          {done}
          {done && animal && !animal.hidden && (
            <>
              {' '}
              <a href={productPath(animal._id)} className="underline">
                {t.view}
              </a>
            </>
          )}
        </p>
        {restored.length > 0 && (
          <DraftNotice
            text={adminStrings.drafts.restoredFields(restored.map(fieldName).join(', '))}
            onDiscard={discardDraft}
          />
        )}
        {conflict && (
          <div role={conflict.kind === 'stale' ? 'alert' : undefined} className="flex flex-col gap-3">
            {conflict.kind === 'stale' && <p className="text-red-800 dark:text-red-200">{t.stale}</p>}
            <FieldConflicts
              key={`${conflict.kind}-${conflict.current.version}`}
              title={conflict.kind === 'stale' ? adminStrings.conflicts.title : adminStrings.conflicts.draftTitle}
              conflicts={conflict.fields}
              label={fieldName}
              show={show}
              initial={conflict.kind === 'draft' ? () => 'theirs' : mergedChoice}
              onApply={applyChoices}
            />
          </div>
        )}
        {problem && (
          <div
            role="alert"
            className="rounded-xl border-2 border-red-700 p-4 text-red-800 dark:border-red-400 dark:text-red-200"
          >
            {problem.kind === 'signed-out' && (
              <p>
                {t.signedOut}{' '}
                <a href={signInAgainHref()} className="underline">
                  {t.signIn}
                </a>{' '}
                {t.signInAfter}
              </p>
            )}
            {problem.kind === 'other' && <p>{problem.message}</p>}
          </div>
        )}
        {field('name', t.name, <input type="text" {...aria('name')} {...register('name')} className={FIELD_CHECKED} />)}
        {field(
          'slug',
          t.slug,
          <input
            type="text"
            dir="ltr"
            {...aria('slug', true)}
            {...register('slug', { onChange: () => setSlugWritten(true) })}
            className={FIELD_CHECKED}
          />,
          t.slugHint,
        )}
        {field(
          'description',
          t.description,
          <textarea rows={5} {...aria('description')} {...register('description')} className={FIELD_CHECKED} />,
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {NUMBERS.map(([name, step, max]) =>
            field(
              name,
              t[name],
              <input
                type="number"
                step={step}
                min={0}
                max={max}
                {...aria(name)}
                {...register(name, {
                  setValueAs: (value: unknown) => (typeof value === 'string' ? numberFromField(value) : value),
                })}
                className={FIELD_CHECKED}
              />,
            ),
          )}
        </div>
        {field(
          'category',
          t.category,
          <select {...aria('category')} {...register('category')} className={FIELD_CHECKED}>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>,
        )}
        <div className="flex items-center gap-2">
          <input type="checkbox" id={`${id}-hidden`} {...register('hidden')} className="size-5" />
          <label htmlFor={`${id}-hidden`}>{t.hidden}</label>
        </div>
        {!animal && <PictureChooser chosen={picture} onChange={setPicture} label={adminStrings.picture.chooseForNew} />}
        <div className="flex flex-wrap gap-4">
          <button type="submit" disabled={isSubmitting} className={`${BUTTON_PRIMARY} px-6 py-3`}>
            {isSubmitting ? t.saving : animal ? t.save : t.create}
          </button>
          <a href={`${ANIMALS_PATH}${listSearch}`} className={`${BUTTON_SECONDARY} px-6 py-3`}>
            {t.backToList}
          </a>
        </div>
      </form>
      {animal && (
        <PictureField
          record={animal}
          path={`/animals/${animal._id}/picture`}
          staleMessage={adminStrings.animals.stale}
          onSaved={setAnimal}
        />
      )}
    </div>
  );
}
