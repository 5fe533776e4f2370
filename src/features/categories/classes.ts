/** Class lists shared by the category cards and their placeholders, so both take the same room. */
export const CATEGORY_CARD_FRAME =
  'flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';
export const CATEGORY_GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';
