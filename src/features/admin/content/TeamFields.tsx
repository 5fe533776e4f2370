/** The about page's team in the editor: each member's name, role and picture (uploaded through the pictures pipeline), in order. */
import { useState } from 'react';
import { CONTENT_LIMITS, type TeamMember } from '../../../lib/content-page.ts';
import { adminRequest } from '../admin-client.ts';
import RequestProblem, { asRequestError } from '../RequestProblem.tsx';
import { adminStrings } from '../strings.ts';
import { EDITOR_BUTTON, FieldError, ItemMoves, TextField } from './EditorFields.tsx';
import type { ApiError } from '../../../lib/api/errors.ts';

const t = adminStrings.pages;

interface Props {
  member: TeamMember;
  index: number;
  count: number;
  errors: Record<string, string>;
  onChange: (member: TeamMember) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

export default function TeamFields({ member, index, count, errors, onChange, onMove, onRemove }: Props) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const label = t.member(index + 1);
  const base = `member-${member.id}`;
  const error = (field: string) => errors[`team.${index}.${field}`];

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setProblem(undefined);
    const form = new FormData();
    form.append('picture', file);
    try {
      const { picture } = await adminRequest<{ picture: string }>('/pages/about/picture', { method: 'POST', form });
      onChange({ ...member, picture });
    } catch (failure) {
      setProblem(asRequestError(failure));
    } finally {
      setUploading(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-3 rounded-2xl border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-2 text-lg font-bold">{label}</legend>
      {(['name', 'role'] as const).map((field) => (
        <TextField
          key={field}
          id={`${base}-${field}`}
          label={t[field]}
          value={member[field]}
          maxLength={CONTENT_LIMITS[field]}
          error={error(field)}
          onChange={(value) => onChange({ ...member, [field]: value })}
        />
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <span>{t.picture}:</span>
        {member.picture ? (
          <img src={member.picture} alt="" width={48} height={48} className="size-12 rounded-full object-cover" />
        ) : (
          <span>{t.noPicture}</span>
        )}
        <label className={`${EDITOR_BUTTON} cursor-pointer focus-within:outline-2`}>
          {uploading ? t.uploading : t.choosePicture(label)}
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => void upload(event.target.files?.[0])}
          />
        </label>
        {member.picture && (
          <button type="button" className={EDITOR_BUTTON} onClick={() => onChange({ ...member, picture: null })}>
            {t.removePicture(label)}
          </button>
        )}
      </div>
      <FieldError id={`${base}-picture-error`} message={error('picture')} />
      {problem && <RequestProblem error={problem} />}
      <ItemMoves
        base={base}
        label={label}
        removeLabel={t.removeMember(index + 1)}
        index={index}
        count={count}
        removable
        onMove={onMove}
        onRemove={onRemove}
      />
    </fieldset>
  );
}
