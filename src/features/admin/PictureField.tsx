/**
 * An animal's or a category's picture in its admin form: the current one, and an upload (JPEG, PNG or
 * WebP up to 5 MB, chosen and its crop placed with ./PictureChooser.tsx) that the server turns upright,
 * crops to 4:3 there and stores as WebP. A refusal says why
 * in Hebrew and changes nothing; the record's new version comes back to the form.
 */
import { useId, useState } from 'react';
import { BUTTON_SECONDARY } from '../../lib/classes.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH } from '../../lib/pictures.ts';
import { adminUpload } from './admin-client.ts';
import { useLeaveGuard } from './leave-guard.ts';
import PictureChooser, { type ChosenPicture } from './PictureChooser.tsx';
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
  const [chosen, setChosen] = useState<ChosenPicture | undefined>();
  // A picture chosen and not uploaded yet is an unsaved change.
  useLeaveGuard(id, chosen !== undefined);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [done, setDone] = useState(false);

  async function upload() {
    if (!chosen) return;
    setBusy(true);
    setProblem(undefined);
    setDone(false);
    try {
      onSaved(await uploadPicture<T>(path, chosen, record.version));
      setDone(true);
      setChosen(undefined);
    } catch (error) {
      setProblem(asRequestError(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex max-w-2xl flex-col gap-3">
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {t.title}
      </h2>
      <img
        src={record.img}
        alt={t.current(record.name)}
        width={PICTURE_WIDTH}
        height={PICTURE_HEIGHT}
        className="aspect-[4/3] w-full max-w-sm rounded-xl object-cover"
      />
      <PictureChooser
        chosen={chosen}
        onChange={(next) => {
          setChosen(next);
          setDone(false);
        }}
        label={t.fileLabel}
      />
      <div className="flex items-center gap-3">
        <button
          type="button"
          disabled={!chosen || busy}
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

/** Uploads a chosen picture with where its crop sits; the record's new version comes back. */
export function uploadPicture<T>(path: string, chosen: ChosenPicture, version: number): Promise<T> {
  return adminUpload<T>(path, 'picture', chosen.file, version, { cropX: String(chosen.x), cropY: String(chosen.y) });
}
