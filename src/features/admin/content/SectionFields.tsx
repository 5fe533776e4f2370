/** One section of a content page in the editor: heading, Markdown body, and buttons to move or remove it. */
import { CONTENT_LIMITS, type ContentSection } from '../../../lib/content-page.ts';
import { adminStrings } from '../strings.ts';
import { ItemMoves, TextField } from './EditorFields.tsx';

const t = adminStrings.pages;

interface Props {
  section: ContentSection;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (section: ContentSection) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export default function SectionFields({ section, index, count, errors, onChange, onMove, onRemove }: Props) {
  const label = t.section(index + 1);
  const base = `section-${section.id}`;
  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-2 text-lg font-bold">{label}</legend>
      <TextField
        id={`${base}-heading`}
        label={t.heading}
        value={section.heading}
        maxLength={CONTENT_LIMITS.heading}
        error={errors[`sections.${index}.heading`]}
        onChange={(heading) => onChange({ ...section, heading })}
      />
      <TextField
        id={`${base}-body`}
        label={t.body}
        value={section.body}
        maxLength={CONTENT_LIMITS.body}
        error={errors[`sections.${index}.body`]}
        onChange={(body) => onChange({ ...section, body })}
        multiline
      />
      <ItemMoves
        base={base}
        label={label}
        removeLabel={t.removeSection(index + 1)}
        index={index}
        count={count}
        removable={count > 1}
        onMove={onMove}
        onRemove={onRemove}
      />
    </fieldset>
  );
}
