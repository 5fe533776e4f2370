/**
 * Changes in reading order for a Hebrew reader: a right-to-left table whose columns are the field's
 * Hebrew name, its value before and its value after (each value isolated, so a Latin or numeric value
 * never turns the row around). Rendered on the server for the audit, and in the spreadsheet's dry run.
 */
import type { ChangeRow } from './audit-lines.ts';
import { adminStrings } from './strings.ts';

const t = adminStrings.changes;

export default function ChangeTable({ subject, rows }: { subject: string; rows: readonly ChangeRow[] }) {
  if (rows.length === 0) return null;
  return (
    <table dir="rtl" className="w-full border-collapse text-sm" data-changes>
      <caption className="sr-only">{t.caption(subject)}</caption>
      <thead>
        <tr>
          <th scope="col" className="px-2 py-1 text-start font-bold">
            {t.field}
          </th>
          <th scope="col" className="px-2 py-1 text-start font-bold">
            {t.before}
          </th>
          <th scope="col" className="px-2 py-1 text-start font-bold">
            {t.after}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.field}
            className="border-t border-slate-200 align-top dark:border-slate-700"
            data-change={row.field}
          >
            <th scope="row" className="px-2 py-1 text-start">
              {row.label}
            </th>
            <td className="px-2 py-1 break-words whitespace-pre-line">
              <bdi>{row.before}</bdi>
            </td>
            <td className="px-2 py-1 break-words whitespace-pre-line">
              <bdi>{row.after}</bdi>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
