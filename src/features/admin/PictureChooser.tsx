/**
 * Choosing a picture in the admin: a JPEG, PNG or WebP up to 5 MB (anything else is refused the moment
 * it is chosen, in Hebrew, before any request), shown at once in the 4:3 frame it will be cropped to,
 * with two sliders that move the crop (CSS `object-position`, the rule the server's crop follows:
 * src/lib/pictures.ts coverCrop). The form that holds it uploads it.
 */
import { useEffect, useId, useState } from 'react';
import { FIELD, FIELD_ERROR } from '../../lib/classes.ts';
import { PICTURE_HEIGHT, PICTURE_MAX_BYTES, PICTURE_TYPES, PICTURE_WIDTH } from '../../lib/pictures.ts';
import { adminStrings } from './strings.ts';

const t = adminStrings.picture;

/** A chosen picture and where its crop sits (0–100 along each side). */
export interface ChosenPicture {
  file: File;
  x: number;
  y: number;
}

interface Props {
  chosen: ChosenPicture | undefined;
  onChange: (chosen: ChosenPicture | undefined) => void;
  /** The picture's label ("תמונה חדשה", "תמונה"). */
  label: string;
}

export default function PictureChooser({ chosen, onChange, label }: Props) {
  const id = useId();
  const [error, setError] = useState('');
  const [url, setUrl] = useState<string | undefined>();

  const file = chosen?.file;
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);

  function choose(file: File | undefined, input: HTMLInputElement) {
    setError('');
    if (!file) return onChange(undefined);
    const refusal = !(PICTURE_TYPES as readonly string[]).includes(file.type)
      ? t.wrongType
      : file.size > PICTURE_MAX_BYTES
        ? t.tooLarge(file.size)
        : '';
    if (refusal) {
      setError(refusal);
      input.value = '';
      return onChange(undefined);
    }
    onChange({ file, x: 50, y: 50 });
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={`${id}-file`}>{label}</label>
      <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        {t.hint}
      </p>
      <input
        id={`${id}-file`}
        type="file"
        accept={PICTURE_TYPES.join(',')}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ''].join(' ').trim()}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0], event.target)}
        className={FIELD}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={FIELD_ERROR}>
          {error}
        </p>
      )}
      {chosen && url && (
        <div className="flex flex-col gap-2" data-crop-preview>
          <p className="text-sm">{t.cropNote}</p>
          <img
            src={url}
            alt={t.preview}
            width={PICTURE_WIDTH}
            height={PICTURE_HEIGHT}
            style={{ objectPosition: `${chosen.x}% ${chosen.y}%` }}
            className="aspect-[4/3] w-full max-w-sm rounded-xl border border-slate-300 object-cover dark:border-slate-600"
          />
          {(['x', 'y'] as const).map((axis) => (
            <div key={axis} className="flex max-w-sm flex-col gap-1">
              <label htmlFor={`${id}-${axis}`} className="text-sm">
                {axis === 'x' ? t.moveAcross : t.moveDown}
              </label>
              <input
                id={`${id}-${axis}`}
                type="range"
                min={0}
                max={100}
                value={chosen[axis]}
                onChange={(event) => onChange({ ...chosen, [axis]: Number(event.target.value) })}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
