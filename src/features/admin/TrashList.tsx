/**
 * The trash (/admin/trash): the animals deleted in the last 30 days, the latest first, each with who
 * deleted it, when, until when it can be restored, and a button that puts it back into the catalogue
 * as it was. A refusal (its address or its category gone meanwhile) says why beside it.
 */
import { useId, useState } from 'react';
import { BUTTON_PRIMARY } from '../../lib/classes.ts';
import type { AdminAnimal } from '../../lib/schemas.ts';
import { adminRequest } from './admin-client.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { editAnimalPath } from './sections.ts';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.trash;
const day = new Intl.DateTimeFormat('he-IL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jerusalem' });

interface Trashed {
  _id: string;
  name: string;
  category: string;
  deletedAt: string;
  deletedBy: string;
  deletedByName: string | null;
  until: string;
}

export default function TrashList({
  animals: loaded,
  categories,
}: {
  animals: Trashed[];
  categories: { slug: string; name: string }[];
}) {
  const id = useId();
  const names = new Map(categories.map(({ slug, name }) => [slug, name]));
  const [animals, setAnimals] = useState(loaded);
  const [restored, setRestored] = useState<AdminAnimal[]>([]);
  const [problems, setProblems] = useState<Record<string, ApiError>>({});

  async function restore(animal: Trashed) {
    setProblems((before) => ({ ...before, [animal._id]: undefined! }));
    try {
      const back = await adminRequest<AdminAnimal>(`/trash/${animal._id}/restore`, { method: 'POST' });
      setAnimals((before) => before.filter((one) => one._id !== animal._id));
      setRestored((before) => [back, ...before]);
    } catch (failure) {
      setProblems((before) => ({ ...before, [animal._id]: asRequestError(failure) }));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <h1 id={`${id}-title`} className="text-3xl font-bold">
        {t.title}
      </h1>
      <p>{t.intro}</p>
      <div role="status" className="min-h-6">
        {restored.map((animal) => (
          <p key={animal._id}>
            {t.restored(animal.name)}{' '}
            <a href={editAnimalPath(animal._id)} className="underline">
              {t.open(animal.name)}
            </a>
          </p>
        ))}
      </div>
      {animals.length === 0 ? (
        <p>{t.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {animals.map((animal) => (
            <li
              key={animal._id}
              id={`trash-${animal._id}`}
              className="flex flex-col gap-2 rounded-2xl border border-slate-300 p-3 dark:border-slate-700"
              data-trash={animal._id}
            >
              <h2 className="text-lg font-bold">{animal.name}</h2>
              <p className="text-sm">
                {t.details(
                  names.get(animal.category) ?? animal.category,
                  animal.deletedByName ?? animal.deletedBy,
                  day.format(new Date(animal.deletedAt)),
                  day.format(new Date(animal.until)),
                )}
              </p>
              <div>
                <button type="button" onClick={() => void restore(animal)} className={`${BUTTON_PRIMARY} px-4 py-1`}>
                  {t.restoreOf(animal.name)}
                </button>
              </div>
              {problems[animal._id] && <RequestProblem error={problems[animal._id]!} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
