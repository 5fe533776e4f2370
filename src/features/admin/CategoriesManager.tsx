/**
 * The admin's categories (/admin/categories): a list (picture, name, how many animals, move up or
 * down) that opens one category at a time to edit its name, address and description (the API's zod
 * schema, errors under the fields) and its picture; delete only when it holds no animal, said beside
 * the button; a form for a new one. A changed address keeps the old one as a permanent redirect (the
 * server's doing).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { BUTTON_DANGER, BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD_CHECKED, FIELD_ERROR } from '../../lib/classes.ts';
import { AdminCategorySchema, type AdminCategory } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import { slugFromName } from '../../lib/transliterate.ts';
import { fieldName } from './change-values.ts';
import { conflictsOf, mergedChoice, type FieldConflict } from './draft-rules.ts';
import FieldConflicts from './FieldConflicts.tsx';
import { useLeaveGuard } from './leave-guard.ts';
import PictureField from './PictureField.tsx';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.categories;
type CategoryInput = { slug: string; name: string; description: string };
const FIELDS = ['name', 'slug', 'description'] as const;
const inputOf = (category: AdminCategory): CategoryInput => ({
  slug: category.slug,
  name: category.name,
  description: category.description,
});

function CategoryForm({
  category,
  submitLabel,
  onSaved,
  onDirty,
  children,
}: {
  category?: AdminCategory | undefined;
  submitLabel: string;
  onSaved: (category: AdminCategory) => void;
  /** Told whether the form has unsaved changes. */
  onDirty?: (dirty: boolean) => void;
  children?: React.ReactNode;
}) {
  const id = useId();
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [conflict, setConflict] = useState<{ current: AdminCategory; fields: FieldConflict[] } | undefined>();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CategoryInput>({
    resolver: zodResolver(AdminCategorySchema),
    defaultValues: category
      ? { slug: category.slug, name: category.name, description: category.description }
      : { slug: '', name: '', description: '' },
  });
  useLeaveGuard(id, isDirty);
  // A new category's address name follows its name until the owner writes one.
  const [slugWritten, setSlugWritten] = useState(false);
  const name = watch('name');
  useEffect(() => {
    if (!category && !slugWritten) setValue('slug', slugFromName(name ?? ''), { shouldDirty: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the name only
  }, [name]);
  useEffect(() => {
    onDirty?.(isDirty);
  }, [isDirty, onDirty]);

  async function save(values: CategoryInput) {
    setProblem(undefined);
    setSaved(false);
    try {
      const next = category
        ? await adminRequest<AdminCategory>(`/categories/${category._id}`, {
            method: 'PATCH',
            body: values,
            version: category.version,
          })
        : await adminRequest<AdminCategory>('/categories', { method: 'POST', body: values });
      reset(
        category
          ? { slug: next.slug, name: next.name, description: next.description }
          : { slug: '', name: '', description: '' },
      );
      setSlugWritten(false);
      setSaved(true);
      onSaved(next);
    } catch (error) {
      const refused = asRequestError(error);
      for (const [field, message] of Object.entries(refused.fields)) {
        if ((FIELDS as readonly string[]).includes(field)) setError(field as FieldPath<CategoryInput>, { message });
      }
      const current = refused.current as AdminCategory | undefined;
      if (refused.status === 412 && current && category) {
        setConflict({ current, fields: conflictsOf(inputOf(category), getValues(), inputOf(current)) });
      }
      setProblem(refused);
    }
  }

  function applyChoices(choices: Record<string, 'mine' | 'theirs'>) {
    if (!conflict) return;
    const typed = getValues();
    reset(inputOf(conflict.current));
    for (const field of FIELDS) {
      const mine = conflict.fields.find((one) => one.field === field);
      if (mine ? choices[field] === 'mine' : typed[field] !== conflict.current[field]) {
        setValue(field, typed[field], { shouldDirty: true });
      }
    }
    onSaved(conflict.current);
    setConflict(undefined);
    setProblem(undefined);
  }

  const described = (name: (typeof FIELDS)[number]) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: (typeof FIELDS)[number]) =>
    errors[name]?.message && (
      <p id={`${id}-${name}-error`} className={FIELD_ERROR}>
        {errors[name].message}
      </p>
    );

  return (
    <form onSubmit={(event) => void handleSubmit(save)(event)} noValidate className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-name`}>{t.name}</label>
          <input type="text" {...described('name')} {...register('name')} className={FIELD_CHECKED} />
          {error('name')}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-slug`}>{t.slug}</label>
          <p id={`${id}-slug-hint`} className="text-sm text-slate-700 dark:text-slate-300">
            {t.slugHint}
          </p>
          <input
            type="text"
            dir="ltr"
            {...described('slug')}
            aria-describedby={[`${id}-slug-hint`, errors.slug ? `${id}-slug-error` : ''].join(' ').trim()}
            {...register('slug', { onChange: () => setSlugWritten(true) })}
            className={FIELD_CHECKED}
          />
          {error('slug')}
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-description`}>{t.description}</label>
        <textarea rows={2} {...described('description')} {...register('description')} className={FIELD_CHECKED} />
        {error('description')}
      </div>
      {conflict && (
        <div role="alert" className="flex flex-col gap-2">
          <p className={FIELD_ERROR}>{adminStrings.form.staleCategory}</p>
          <FieldConflicts
            key={conflict.current.version}
            title={adminStrings.conflicts.title}
            conflicts={conflict.fields}
            label={fieldName}
            show={(_field, value) => (typeof value === 'string' ? value : '')}
            initial={mergedChoice}
            onApply={applyChoices}
          />
        </div>
      )}
      {problem && !conflict && <RequestProblem error={problem} className={FIELD_ERROR} />}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="submit"
          disabled={isSubmitting || (category !== undefined && !isDirty)}
          className={`${BUTTON_PRIMARY} px-4 py-2 disabled:opacity-50`}
        >
          {submitLabel}
        </button>
        {children}
        <span role="status" className="text-sm">
          {saved && !isDirty ? t.saved : ''}
        </span>
      </div>
    </form>
  );
}

export default function CategoriesManager({
  categories: loaded,
  counts,
}: {
  categories: AdminCategory[];
  /** Animals per category id (hidden ones included). */
  counts: Record<string, number>;
}) {
  const id = useId();
  const [categories, setCategories] = useState(loaded);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<string | undefined>();
  const dirty = useRef(false);

  const replace = (next: AdminCategory) =>
    setCategories((before) => before.map((row) => (row._id === next._id ? next : row)));

  /** Opens one category to edit (or closes it); unsaved changes in the open one ask first. */
  function toggle(categoryId: string) {
    if (dirty.current && !confirm(adminStrings.leave.confirm)) return;
    dirty.current = false;
    setOpen((before) => (before === categoryId ? undefined : categoryId));
  }

  async function move(index: number, by: -1 | 1) {
    const order = [...categories];
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    setProblem(undefined);
    try {
      const answer = await adminRequest<{ categories: AdminCategory[] }>('/categories/order', {
        method: 'PUT',
        body: { order: order.map(({ _id, version }) => ({ id: _id, version })) },
      });
      setCategories(answer.categories);
      setNotice(t.orderSaved);
    } catch (error) {
      setProblem(asRequestError(error));
    }
  }

  async function remove(category: AdminCategory) {
    if (!confirm(t.confirmDelete(category.name))) return;
    setProblem(undefined);
    try {
      await adminRequest(`/categories/${category._id}`, { method: 'DELETE', version: category.version });
      setCategories((before) => before.filter((row) => row._id !== category._id));
      dirty.current = false;
      setOpen(undefined);
      setNotice(t.deleted(category.name));
    } catch (error) {
      setProblem(asRequestError(error));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-6">
      <h1 id={`${id}-title`} className="text-3xl font-bold">
        {t.title}
      </h1>
      <p>{t.renameNote}</p>
      <p role="status" className="min-h-6">
        {notice}
      </p>
      {problem && <RequestProblem error={problem} className={FIELD_ERROR} />}
      <ol className="flex flex-col gap-2">
        {categories.map((category, index) => {
          const count = counts[category._id] ?? 0;
          const expanded = open === category._id;
          return (
            <li
              key={category._id}
              className="rounded-2xl border border-slate-300 p-3 dark:border-slate-700"
              data-admin-category={category.slug}
            >
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <img
                  src={category.img}
                  alt=""
                  width={64}
                  height={48}
                  loading="lazy"
                  className="aspect-[4/3] w-16 shrink-0 rounded-md object-cover"
                />
                <h2 className="min-w-0 grow text-lg font-bold">
                  {category.name}{' '}
                  <span className="text-sm font-normal text-slate-700 dark:text-slate-300">{t.count(count)}</span>
                </h2>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                    aria-label={t.moveUp(category.name)}
                    className={`${BUTTON_SECONDARY} px-3 py-1 disabled:opacity-50`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    disabled={index === categories.length - 1}
                    onClick={() => void move(index, 1)}
                    aria-label={t.moveDown(category.name)}
                    className={`${BUTTON_SECONDARY} px-3 py-1 disabled:opacity-50`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`${id}-${category._id}`}
                    onClick={() => toggle(category._id)}
                    aria-label={expanded ? t.closeOf(category.name) : t.editOf(category.name)}
                    className={`${BUTTON_SECONDARY} px-3 py-1`}
                  >
                    {expanded ? t.close : t.edit}
                  </button>
                </div>
              </div>
              {expanded && (
                <div id={`${id}-${category._id}`} className="mt-3 flex flex-col gap-3">
                  <CategoryForm
                    category={category}
                    submitLabel={t.save}
                    onSaved={replace}
                    onDirty={(value) => {
                      dirty.current = value;
                    }}
                  >
                    <button
                      type="button"
                      disabled={count > 0}
                      onClick={() => void remove(category)}
                      aria-describedby={count > 0 ? `${id}-${category._id}-why` : undefined}
                      className={`${BUTTON_DANGER} px-3 py-2 disabled:opacity-50`}
                    >
                      {t.deleteOf(category.name)}
                    </button>
                    {count > 0 && (
                      <span id={`${id}-${category._id}-why`} className="text-sm">
                        {t.notEmpty(count)}
                      </span>
                    )}
                  </CategoryForm>
                  <details>
                    <summary className="cursor-pointer">{adminStrings.picture.title}</summary>
                    <PictureField
                      record={category}
                      path={`/categories/${category._id}/picture`}
                      staleMessage={adminStrings.form.staleCategory}
                      onSaved={replace}
                    />
                  </details>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <section aria-labelledby={`${id}-add`} className="rounded-2xl border border-dashed border-slate-400 p-4">
        <h2 id={`${id}-add`} className="mb-2 text-xl font-bold">
          {t.add}
        </h2>
        <CategoryForm submitLabel={t.create} onSaved={(created) => setCategories((before) => [...before, created])} />
      </section>
    </section>
  );
}
