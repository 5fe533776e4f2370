/**
 * What every item of a content page's editor is made of (a section, a team member): a labelled text
 * field with its error under it, and the buttons that move the item or remove it.
 */
import { BUTTON_SECONDARY, FIELD_CHECKED, FIELD_ERROR } from '../../../lib/classes.ts';
import { adminStrings } from '../strings.ts';

const t = adminStrings.pages;

/** The editor's small outlined buttons (move, remove, history, preview). */
export const EDITOR_BUTTON = `${BUTTON_SECONDARY} px-3 py-1 text-sm disabled:opacity-50`;

/** A field's error under it, named by the field's id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={FIELD_ERROR}>
      {message}
    </p>
  );
}

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  maxLength: number;
  error: string | undefined;
  onChange: (value: string) => void;
  /** A Markdown body: several lines, not required. */
  multiline?: boolean;
}

/** A labelled text field, described by its error when it has one. */
export function TextField({ id, label, value, maxLength, error, onChange, multiline = false }: TextFieldProps) {
  const field = {
    id,
    value,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1" htmlFor={id}>
        <span>{label}</span>
        {multiline ? (
          <textarea
            {...field}
            className={`${FIELD_CHECKED} min-h-32`}
            rows={6}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input {...field} className={FIELD_CHECKED} required onChange={(event) => onChange(event.target.value)} />
        )}
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

interface ItemMovesProps {
  /** The item's id prefix: its buttons are `${base}-up` and `${base}-down`. */
  base: string;
  /** The item's name in the buttons' text ("פרק 2"). */
  label: string;
  removeLabel: string;
  index: number;
  count: number;
  /** May the item be removed (a page keeps at least one section)? */
  removable: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** Move the item up or down, or remove it: by keyboard like any button. */
export function ItemMoves({ base, label, removeLabel, index, count, removable, onMove, onRemove }: ItemMovesProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        id={`${base}-up`}
        className={EDITOR_BUTTON}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        {t.moveUp(label)}
      </button>
      <button
        type="button"
        id={`${base}-down`}
        className={EDITOR_BUTTON}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        {t.moveDown(label)}
      </button>
      <button type="button" className={EDITOR_BUTTON} disabled={!removable} onClick={onRemove}>
        {removeLabel}
      </button>
    </div>
  );
}
