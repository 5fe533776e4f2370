/**
 * Class lists the shop repeats, said once (Astro components and React islands alike).
 * No focus ring here: src/features/layout/global.css styles every :focus-visible (3 px, brand
 * colour, another shade in dark mode).
 */

/** A card's frame: animal cards, category cards and their skeletons take the same room. */
export const CARD_FRAME =
  'flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** The grid of cards: 1 column, 2 from md, 3 from lg (the breakpoints of tailwind.config.mjs). */
export const CARD_GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

/** A text field (search box, quantity, contact form); a field may add its own border or background. */
export const FIELD =
  'w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

/** The main action (filled, brand colour); its size (padding, text) goes beside it. */
export const BUTTON_PRIMARY =
  'rounded-xl bg-brand-700 font-bold text-white hover:bg-brand-800 dark:bg-brand-200 dark:text-brand-900 dark:hover:bg-brand-100';

/** A second action beside it (outlined): a utility of ../features/layout/global.css, so a stylesheet rule can use it too. */
export const BUTTON_SECONDARY = 'button-secondary';

/** A form's field that may be invalid (aria-invalid): its border turns red. */
export const FIELD_CHECKED = `${FIELD} aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-400`;

/** The message under a form field. */
export const FIELD_ERROR = 'text-sm text-red-700 dark:text-red-300';

/** An action that removes something (outlined in red, so it never passes for the main action). */
export const BUTTON_DANGER =
  'rounded-xl border-2 border-red-700 font-bold text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950';
