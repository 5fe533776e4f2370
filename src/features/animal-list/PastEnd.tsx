/**
 * A page past the end of a paged list (`?page=` beyond the last page): not an error (status 200),
 * just nothing here, with a link to the first page.
 */
import { animalStrings as t } from './strings.ts';

export const NOTHING_HERE = 'rounded-2xl border border-dashed border-slate-400 p-8 text-center dark:border-slate-600';

interface Props {
  /** How many pages the list has. */
  pages: number;
  firstHref: string;
}

export default function PastEnd({ pages, firstHref }: Props) {
  return (
    <div className={NOTHING_HERE} data-testid="past-end">
      <p className="mb-2 text-xl font-bold">{t.pastEndTitle}</p>
      <p className="mb-4 text-slate-700 dark:text-slate-300">{t.pastEnd(pages)}</p>
      <a href={firstHref} className="font-bold text-brand-700 underline dark:text-brand-100">
        {t.firstPage}
      </a>
    </div>
  );
}
