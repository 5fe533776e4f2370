/**
 * The list's sort and filters on a phone: below the small breakpoint they wait behind one 'סינון ומיון'
 * button (with how many filters are on), in a sheet rising from the bottom — a modal <dialog>: the page
 * behind is inert, Escape, the close button and a tap on the backdrop close it, Tab stays inside
 * (`data-tab-wrap`: src/features/layout/side-panel.ts), focus goes back to the button. The button and
 * the close button are invoker commands, so the sheet opens and closes before the island wakes and
 * without JavaScript (the form inside is a plain GET form then).
 * From the small breakpoint up the dialog and its box lay out as their contents (`display: contents`):
 * the fields sit in the form's row as they always have, and the button and the sheet's header are not
 * shown. Slides in 300 ms, none with reduced motion.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { filterStrings as f } from './strings.ts';

const FILTER_SHEET_ID = 'list-filters';
/** The button that opens the sheet (a removed chip gives it the focus). */
export const FILTER_SHEET_BUTTON_ID = 'list-filters-button';
const TITLE_ID = 'list-filters-title';
/** The small breakpoint (tailwind.config.mjs `sm`): the sheet is for narrower screens. */
const WIDE = '(min-width: 40rem)';

interface Props {
  /** How many filters are on (the button says it). */
  active: number;
  /** The sort, the filters and the form's buttons. */
  children: ReactNode;
}

export default function FilterSheet({ active, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const sheet = dialog.current;
    if (!sheet) return;
    // A screen grown wide shows the fields in the row again: the sheet closes.
    const wide = matchMedia(WIDE);
    const onWidth = () => {
      if (wide.matches && sheet.open) sheet.close();
    };
    wide.addEventListener('change', onWidth);
    return () => wide.removeEventListener('change', onWidth);
  }, []);

  // Where invoker commands are missing, the buttons open and close it themselves.
  const hasCommands = typeof HTMLButtonElement !== 'undefined' && 'command' in HTMLButtonElement.prototype;
  const opens = { commandfor: FILTER_SHEET_ID, command: 'show-modal' };
  const closes = { commandfor: FILTER_SHEET_ID, command: 'close' };

  return (
    <>
      <button
        ref={toggle}
        id={FILTER_SHEET_BUTTON_ID}
        type="button"
        {...opens}
        onClick={() => hasCommands || dialog.current?.showModal()}
        aria-haspopup="dialog"
        aria-label={f.sheetButtonLabel(active)}
        className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 px-4 font-bold hover:bg-slate-100 sm:hidden dark:border-slate-500 dark:hover:bg-slate-800"
        data-testid="filter-sheet-button"
      >
        {f.sheetButton}
        {active > 0 && (
          <span
            className="grid min-w-6 place-items-center rounded-full bg-brand-700 px-1.5 text-sm leading-6 text-white dark:bg-brand-200 dark:text-brand-900"
            data-testid="filter-count"
          >
            {active}
          </span>
        )}
      </button>
      <dialog
        id={FILTER_SHEET_ID}
        ref={dialog}
        aria-labelledby={TITLE_ID}
        closedby="any"
        data-tab-wrap
        onClose={() => toggle.current?.focus({ preventScroll: true })}
        className="text-slate-900 backdrop:bg-slate-950/60 motion-reduce:transition-none max-sm:inset-x-0 max-sm:top-auto max-sm:bottom-0 max-sm:m-0 max-sm:max-h-[85dvh] max-sm:w-full max-sm:max-w-none max-sm:translate-y-full max-sm:overflow-y-auto max-sm:rounded-t-2xl max-sm:bg-white max-sm:p-0 max-sm:shadow-2xl max-sm:transition-[translate,overlay,display] max-sm:transition-discrete max-sm:duration-300 max-sm:open:translate-y-0 sm:contents dark:text-slate-100 dark:max-sm:bg-slate-900 max-sm:starting:open:translate-y-full"
        data-testid="filter-sheet"
      >
        <div className="sticky top-0 z-10 flex items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 py-3 sm:hidden dark:border-slate-700 dark:bg-slate-900">
          <h2 id={TITLE_ID} className="text-lg font-bold">
            {f.sheetTitle}
          </h2>
          <button
            type="button"
            {...closes}
            onClick={() => hasCommands || dialog.current?.close()}
            aria-label={f.closeSheet}
            className="grid size-10 place-items-center rounded-lg text-2xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="flex flex-col gap-4 p-4 sm:contents">{children}</div>
      </dialog>
    </>
  );
}
