/**
 * The error box every failed call shows: title 'שגיאה' and the error text, or the fallback text when
 * there is none. Used by islands and, rendered without hydration, by Astro pages.
 */
import { errorBoxStrings as t } from './strings.ts';

interface Props {
  message?: string | undefined;
}

export default function ErrorBox({ message }: Props) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <h2 className="mb-1 text-lg font-bold">{t.title}</h2>
      <p>{message || t.fallback}</p>
    </div>
  );
}
