/**
 * A content page's saved versions, newest first, with who saved each and when; any version can be
 * viewed (rendered as the public page renders it) and restored, which saves it again as a new version.
 */
import { useEffect, useState } from 'react';
import type { ContentPage, ContentPageName, ContentVersionSummary } from '../../../lib/content-page.ts';
import ContentPageView from '../../content/ContentPageView.tsx';
import { adminRequest } from '../admin-client.ts';
import RequestProblem, { asRequestError } from '../RequestProblem.tsx';
import { adminStrings } from '../strings.ts';
import { EDITOR_BUTTON } from './EditorFields.tsx';
import type { ApiError } from '../../../lib/api/errors.ts';

const t = adminStrings.pages;
const when = new Intl.DateTimeFormat('he-IL', { dateStyle: 'short', timeStyle: 'short', timeZone: 'Asia/Jerusalem' });

interface Props {
  name: ContentPageName;
  /** The page's version now: what a restore is made on (If-Match). */
  version: number;
  onRestored: (page: ContentPage, from: number) => void;
}

interface History {
  versions: ContentVersionSummary[];
  total: number;
  page: number;
  limit: number;
}

export default function PageHistory({ name, version, onRestored }: Props) {
  const [number, setNumber] = useState(1);
  const [history, setHistory] = useState<History | undefined>();
  const [shown, setShown] = useState<ContentPage | undefined>();
  const [problem, setProblem] = useState<ApiError | undefined>();

  useEffect(() => {
    let live = true;
    adminRequest<History>(`/pages/${name}/history?page=${number}`).then(
      (answer) => live && setHistory(answer),
      (failure: unknown) => live && setProblem(asRequestError(failure)),
    );
    return () => {
      live = false;
    };
  }, [name, number, version]);

  async function view(of: number) {
    try {
      setShown(await adminRequest<ContentPage>(`/pages/${name}/history/${of}`));
    } catch (failure) {
      setProblem(asRequestError(failure));
    }
  }

  async function restore(from: number) {
    setProblem(undefined);
    try {
      const page = await adminRequest<ContentPage>(`/pages/${name}/history/${from}/restore`, {
        method: 'POST',
        version,
      });
      setShown(undefined);
      onRestored(page, from);
    } catch (failure) {
      setProblem(asRequestError(failure));
    }
  }

  const pages = history ? Math.max(1, Math.ceil(history.total / history.limit)) : 1;
  return (
    <section aria-labelledby="history-title" className="flex flex-col gap-3">
      <h2 id="history-title" className="text-2xl font-bold">
        {t.history}
      </h2>
      {problem && <RequestProblem error={problem} />}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] border-collapse">
          <caption className="sr-only">{t.historyCaption}</caption>
          <thead>
            <tr>
              {[t.version, t.who, t.when, t.actions].map((title) => (
                <th key={title} scope="col" className="p-2 text-start">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {history?.versions.map((row) => (
              <tr key={row.version} className="border-t border-slate-200 dark:border-slate-700">
                <td className="p-2">
                  {row.version}
                  {row.restoredFrom !== null && t.restoredFrom(row.restoredFrom)}
                </td>
                <td className="p-2">{row.authorId === 'seed' ? t.seed : (row.authorName ?? row.authorId)}</td>
                <td className="p-2">{when.format(new Date(row.createdAt))}</td>
                <td className="flex flex-wrap gap-2 p-2">
                  <button type="button" className={EDITOR_BUTTON} onClick={() => void view(row.version)}>
                    {t.viewVersion(row.version)}
                  </button>
                  {row.version !== version && (
                    <button type="button" className={EDITOR_BUTTON} onClick={() => void restore(row.version)}>
                      {t.restore(row.version)}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <div className="flex gap-2">
          <button type="button" className={EDITOR_BUTTON} disabled={number === 1} onClick={() => setNumber(number - 1)}>
            {t.newerVersions}
          </button>
          <button
            type="button"
            className={EDITOR_BUTTON}
            disabled={number >= pages}
            onClick={() => setNumber(number + 1)}
          >
            {t.olderVersions}
          </button>
        </div>
      )}
      {shown && (
        <section
          aria-label={t.viewVersion(shown.version)}
          className="rounded-2xl border border-slate-300 p-4 dark:border-slate-600"
        >
          <button type="button" className={EDITOR_BUTTON} onClick={() => setShown(undefined)}>
            {t.closeVersion}
          </button>
          <ContentPageView
            sections={shown.sections}
            team={shown.team}
            firstLevel={2}
            idPrefix={`version-${shown.version}`}
          />
        </section>
      )}
    </section>
  );
}
