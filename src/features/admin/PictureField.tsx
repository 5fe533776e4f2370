/**
 * An animal's or a category's picture in its admin form: the current one, and an upload (JPEG, PNG or
 * WebP up to 5 MB) that the server turns upright, crops to 4:3 and stores as WebP. A refusal says why
 * in Hebrew and changes nothing; the record's new version comes back to the form.
 */
import { useId, useState } from 'react';
import { BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../../lib/pictures.ts';
import { adminUpload } from './admin-client.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.picture;

interface Pictured {
  _id: string;
  name: string;
  img: string;
  version: number;
}

interface Props<T extends Pictured> {
  record: T;
  /** Where it is uploaded: `/animals/{id}/picture` or `/categories/{id}/picture` under /api/admin. */
  path: string;
  /** What a 412 says (someone else changed the record). */
  staleMessage: string;
  onSaved: (record: T) => void;
}

export default function PictureField<T extends Pictured>({ record, path, staleMessage, onSaved }: Props<T>) {
  const id = useId();
  const [file, setFile] = useState<File | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [done, setDone] = useState(false);

  async function upload() {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    setDone(false);
    try {
      onSaved(await adminUpload<T>(path, 'picture', file, record.version));
      setDone(true);
    } catch (error) {
      setProblem(asRequestError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex max-w-2xl flex-col gap-3">
      <h2 id={`${id}-title`} className="text-2xl font-semibold">
        {t.title}
      </h2>
      <img
        src={record.img}
        alt={t.current(record.name)}
        width={PICTURE_WIDTH}
        height={PICTURE_HEIGHT}
        className="aspect-[4/3] w-full max-w-sm rounded-xl object-cover"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="font-medium">
          {t.fileLabel}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
          {t.hint}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setDone(false);
          }}
          className={FIELD}
        />
      </div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          disabled={!file || busy}
          onClick={() => void upload()}
          className={`${BUTTON_SECONDARY} px-4 py-2 disabled:opacity-50`}
        >
          {busy ? t.uploading : t.upload}
        </button>
        <span role="status">{done ? t.saved : ''}</span>
      </div>
      {problem && <RequestProblem error={problem} message={problem.status === 412 ? staleMessage : undefined} />}
    </section>
  );
}
