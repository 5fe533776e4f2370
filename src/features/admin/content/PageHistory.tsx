/**
 * A content page's saved versions, newest first, with who saved each and when, the live one marked; any
 * version can be viewed (rendered as the public page renders it), any two compared (./page-changes.ts),
 * and any restored after a confirmation — which saves it again as a new version and publishes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import ChangeTable from '../ChangeTable.tsx';
import type { ChangeRow } from '../audit-lines.ts';
import { BUTTON_DANGER, BUTTON_SECONDARY, FIELD } from '../../../lib/classes.ts';
import { pageChanges } from './page-changes.ts';
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
  const id = useId();
  const [number, setNumber] = useState(1);
  const [history, setHistory] = useState<History | undefined>();
  const [live, setLive] = useState<number | undefined>();
  const [shown, setShown] = useState<ContentPage | undefined>();
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [restoring, setRestoring] = useState<number | undefined>();
  const [pair, setPair] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [comparison, setComparison] = useState<{ from: number; to: number; rows: ChangeRow[] } | undefined>();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let current = true;
    adminRequest<History>(`/pages/${name}/history?page=${number}`).then(
      (answer) => {
        if (!current) return;
        setHistory(answer);
        // The newest version is the one the shop shows.
        if (number === 1 && answer.versions[0]) setLive(answer.versions[0].version);
        setPair((before) =>
          before.to
            ? before
            : { to: String(answer.versions[0]?.version ?? ''), from: String(answer.versions[1]?.version ?? '') },
        );
      },
      (failure: unknown) => current && setProblem(asRequestError(failure)),
    );
    return () => {
      current = false;
    };
  }, [name, number, version]);

  useEffect(() => {
    if (restoring !== undefined) dialog.current?.showModal();
    else dialog.current?.close();
  }, [restoring]);

  async function compare() {
    const [from, to] = [Number(pair.from), Number(pair.to)];
    if (!from || !to) return;
    setProblem(undefined);
    try {
      const [older, newer] = await Promise.all(
        [from, to].map((of) => adminRequest<ContentPage>(`/pages/${name}/history/${of}`)),
      );
      setComparison({ from, to, rows: pageChanges(older!, newer!) });
    } catch (failure) {
      setProblem(asRequestError(failure));
    }
  }

  async function view(of: number) {
    try {
      setShown(await adminRequest<ContentPage>(`/pages/${name}/history/${of}`));
    } catch (failure) {
      setProblem(asRequestError(failure));
    }
  }

  async function restore(from: number) {
    setRestoring(undefined);
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
                  {row.version === live && (
                    <span className="ms-2 rounded-full bg-green-100 px-2 py-0.5 text-sm font-bold text-green-900 dark:bg-green-900 dark:text-green-100">
                      {t.live}
                    </span>
                  )}
                </td>
                <td className="p-2">{row.authorId === 'seed' ? t.seed : (row.authorName ?? row.authorId)}</td>
                <td className="p-2">{when.format(new Date(row.createdAt))}</td>
                <td className="flex flex-wrap gap-2 p-2">
                  <button type="button" className={EDITOR_BUTTON} onClick={() => void view(row.version)}>
                    {t.viewVersion(row.version)}
                  </button>
                  {row.version !== live && (
                    <button type="button" className={EDITOR_BUTTON} onClick={() => setRestoring(row.version)}>
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
      {history && history.versions.length > 1 && (
        <form
          className="flex flex-wrap items-end gap-3"
          aria-labelledby={`${id}-compare`}
          onSubmit={(event) => {
            event.preventDefault();
            void compare();
          }}
        >
          <h3 id={`${id}-compare`} className="w-full text-lg font-bold">
            {t.compare}
          </h3>
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="flex flex-col gap-1">
              <label htmlFor={`${id}-${end}`}>{end === 'from' ? t.compareFrom : t.compareTo}</label>
              <select
                id={`${id}-${end}`}
                value={pair[end]}
                onChange={(event) => setPair((before) => ({ ...before, [end]: event.target.value }))}
                className={`${FIELD} w-auto`}
              >
                {history.versions.map((row) => (
                  <option key={row.version} value={row.version}>
                    {row.version}
                    {row.version === live ? ` (${t.live})` : ''}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <button type="submit" className={EDITOR_BUTTON}>
            {t.compareButton}
          </button>
        </form>
      )}
      {comparison && (
        <section aria-label={t.compared(comparison.from, comparison.to)} className="flex flex-col gap-2">
          <h3 className="font-bold">{t.compared(comparison.from, comparison.to)}</h3>
          {comparison.rows.length === 0 ? (
            <p>{t.noDifference}</p>
          ) : (
            <ChangeTable subject={t.compared(comparison.from, comparison.to)} rows={comparison.rows} />
          )}
        </section>
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
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-confirm`}
        onClose={() => setRestoring(undefined)}
        className="m-auto max-w-md rounded-2xl bg-white p-6 text-slate-900 backdrop:bg-black/50 dark:bg-slate-900 dark:text-slate-100"
      >
        <p id={`${id}-confirm`} className="mb-4 text-lg">
          {restoring !== undefined ? t.confirmRestore(restoring, live ?? version) : ''}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => restoring !== undefined && void restore(restoring)}
            className={`${BUTTON_DANGER} px-4 py-2`}
          >
            {t.confirmRestoreButton}
          </button>
          <button type="button" onClick={() => setRestoring(undefined)} className={`${BUTTON_SECONDARY} px-4 py-2`}>
            {t.cancel}
          </button>
        </div>
      </dialog>
    </section>
  );
}
