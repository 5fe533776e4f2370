/**
 * The catalogue as a spreadsheet from the admin (/admin/spreadsheet): a download of the export, and an
 * upload that is first checked (the import's dry run: what would be created and changed, field by
 * field, or every bad row with its line and column) and applied only when the owner says so — checked
 * again then, so nothing changed meanwhile is overwritten.
 */
import { useId, useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, FIELD } from '../../lib/classes.ts';
import { ADMIN_API, adminRequest } from './admin-client.ts';
import ChangeTable from './ChangeTable.tsx';
import { fieldName, shownValue } from './change-values.ts';
import RequestProblem, { asRequestError } from './RequestProblem.tsx';
import { adminStrings } from './strings.ts';
import type { ApiError } from '../../lib/api/errors.ts';

const t = adminStrings.spreadsheet;

interface Plan {
  applied: boolean;
  create: { line: number; animal: { name: string; slug: string } }[];
  change: { line: number; name: string; changes: { field: string; before: string; after: string }[] }[];
  leave: unknown[];
  problems: { line: number; column: string | null; message: string }[];
}

export default function SpreadsheetPanel({ categories }: { categories: { slug: string; name: string }[] }) {
  const id = useId();
  const names = new Map(categories.map(({ slug, name }) => [slug, name]));
  const [file, setFile] = useState<File | undefined>();
  const [plan, setPlan] = useState<Plan | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  const [done, setDone] = useState('');

  async function send(dryRun: boolean) {
    if (!file) return;
    setBusy(true);
    setProblem(undefined);
    setDone('');
    try {
      const answer = await adminRequest<Plan>(`/catalogue.csv?dryRun=${dryRun}`, {
        method: 'POST',
        raw: { body: file, type: 'text/csv' },
      });
      setPlan(answer);
      if (answer.applied) setDone(t.applied);
    } catch (error) {
      const refused = asRequestError(error);
      // A file with bad rows answers 422 with the whole plan: its problems are listed below.
      setPlan(refused.status === 422 ? (refused.answer as Plan) : undefined);
      setProblem(refused);
    } finally {
      setBusy(false);
    }
  }

  const changes = plan ? plan.create.length + plan.change.length : 0;
  return (
    <section aria-labelledby={`${id}-title`} className="flex max-w-3xl flex-col gap-4">
      <h1 id={`${id}-title`} className="text-3xl font-bold">
        {t.title}
      </h1>
      <p>{t.intro}</p>
      <p>
        <a href={`${ADMIN_API}/catalogue.csv`} download className={`${BUTTON_SECONDARY} inline-block px-4 py-2`}>
          {t.download}
        </a>
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`}>{t.fileLabel}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => {
            setFile(event.target.files?.[0]);
            setPlan(undefined);
            setDone('');
          }}
          className={FIELD}
        />
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          disabled={!file || busy}
          onClick={() => void send(true)}
          className={`${BUTTON_SECONDARY} px-4 py-2 disabled:opacity-50`}
        >
          {busy ? t.checking : t.check}
        </button>
        <button
          type="button"
          disabled={!file || busy || !plan || plan.applied || plan.problems.length > 0 || changes === 0}
          onClick={() => void send(false)}
          className={`${BUTTON_PRIMARY} px-4 py-2 disabled:opacity-50`}
        >
          {t.apply}
        </button>
      </div>
      <p role="status" className="min-h-6">
        {done || (plan && !plan.applied && plan.problems.length === 0 && changes === 0 ? t.nothing : '')}
      </p>
      {problem && <RequestProblem error={problem} />}
      {plan && plan.problems.length > 0 && (
        <ul className="flex flex-col gap-1 ps-2 text-red-700 dark:text-red-300">
          {plan.problems.map((row) => (
            <li key={`${row.line}-${row.column ?? ''}-${row.message}`}>
              {t.line(row.line, row.column)}: {row.message}
            </li>
          ))}
        </ul>
      )}
      {plan && plan.problems.length === 0 && (
        <div className="flex flex-col gap-2">
          <ul className="list-disc ps-6">
            <li>{t.toCreate(plan.create.length)}</li>
            <li>{t.toChange(plan.change.length)}</li>
            <li>{t.unchanged(plan.leave.length)}</li>
          </ul>
          {plan.create.length > 0 && (
            <section aria-labelledby={`${id}-create`} className="flex flex-col gap-1">
              <h2 id={`${id}-create`} className="text-xl font-bold">
                {t.newAnimals}
              </h2>
              <ul className="list-disc ps-6" data-plan-create>
                {plan.create.map((row) => (
                  <li key={row.line}>
                    {row.animal.name} <span className="text-sm">({t.line(row.line, null)})</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {plan.change.length > 0 && (
            <section aria-labelledby={`${id}-change`} className="flex flex-col gap-3">
              <h2 id={`${id}-change`} className="text-xl font-bold">
                {t.changedAnimals}
              </h2>
              {plan.change.map((row) => (
                <div key={row.line} className="flex flex-col gap-1" data-plan-change={row.name}>
                  <h3 className="font-bold">
                    {row.name} <span className="text-sm font-normal">({t.line(row.line, null)})</span>
                  </h3>
                  <ChangeTable
                    subject={row.name}
                    rows={row.changes.map((change) => ({
                      field: change.field,
                      label: fieldName(change.field),
                      before: shownValue(change.field, change.before, names),
                      after: shownValue(change.field, change.after, names),
                    }))}
                  />
                </div>
              ))}
            </section>
          )}
        </div>
      )}
    </section>
  );
}
