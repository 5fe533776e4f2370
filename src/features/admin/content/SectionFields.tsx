/** One section of a content page in the editor: heading, Markdown body, and buttons to move or remove it. */
import type { ContentSection } from '../../../lib/content-page.ts';
import { CONTENT_LIMITS } from '../../../lib/content-page.ts';
import { adminStrings } from '../strings.ts';

const t = adminStrings.pages;
const INPUT =
  'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100';
const BUTTON =
  'rounded-lg border border-slate-400 px-3 py-1 text-sm font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-500 dark:hover:bg-slate-800';

interface Props {
  section: ContentSection;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (section: ContentSection) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** A field's error under it, named by the field's id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}

export default function SectionFields({ section, index, count, errors, onChange, onMove, onRemove }: Props) {
  const label = t.section(index + 1);
  const base = `section-${section.id}`;
  const headingError = errors[`sections.${index}.heading`];
  const bodyError = errors[`sections.${index}.body`];
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-2 text-lg font-bold">{label}</legend>
      <label className="flex flex-col gap-1" htmlFor={`${base}-heading`}>
        <span className="font-medium">{t.heading}</span>
        <input
          id={`${base}-heading`}
          className={INPUT}
          value={section.heading}
          maxLength={CONTENT_LIMITS.heading}
          required
          aria-invalid={headingError ? true : undefined}
          aria-describedby={headingError ? `${base}-heading-error` : undefined}
          onChange={(event) => onChange({ ...section, heading: event.target.value })}
        />
      </label>
      <FieldError id={`${base}-heading-error`} message={headingError} />
      <label className="flex flex-col gap-1" htmlFor={`${base}-body`}>
        <span className="font-medium">{t.body}</span>
        <textarea
          id={`${base}-body`}
          className={`${INPUT} min-h-32`}
          value={section.body}
          maxLength={CONTENT_LIMITS.body}
          rows={6}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={bodyError ? `${base}-body-error` : undefined}
          onChange={(event) => onChange({ ...section, body: event.target.value })}
        />
      </label>
      <FieldError id={`${base}-body-error`} message={bodyError} />
      <div className="flex flex-wrap gap-2">
        <button type="button" id={`${base}-up`} className={BUTTON} disabled={index === 0} onClick={() => onMove(-1)}>
          {t.moveUp(label)}
        </button>
        <button
          type="button"
          id={`${base}-down`}
          className={BUTTON}
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          {t.moveDown(label)}
        </button>
        <button type="button" className={BUTTON} disabled={count === 1} onClick={onRemove}>
          {t.removeSection(index + 1)}
        </button>
      </div>
    </fieldset>
  );
}

export { BUTTON, INPUT };
