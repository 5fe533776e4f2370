/**
 * What stands under a paged list of animals (the animals list, one category): how many cards
 * are shown out of how many (announced politely), 'טען עוד', and plain links to the previous
 * and next page (and back to the first once the list starts later), which work without
 * JavaScript and let crawlers reach every animal.
 *
 * 'טען עוד' is a GET form to the load-more URL: without JavaScript it loads that URL (which
 * restores every card shown plus the next page); the search island passes `onLoadMore`, and the
 * category page's script (paged-list.ts) takes the form over. Every part is always rendered
 * (`hidden` when it does not apply), so that script can update it in place; the `data-pager`
 * names (`pager` for the whole) are what it looks for.
 */
import { loadMoreForm, type PageWindow, type PagerModel } from '../../lib/paging.ts';
import { animalStrings as t } from './strings.ts';

interface Props {
  model: PagerModel;
  shownPages: PageWindow;
  /** The URL of the same list at other pages. */
  hrefFor: (window: PageWindow) => string;
  onLoadMore?: () => void;
  loadingMore?: boolean;
}

const LINK = 'rounded-lg px-3 py-2 text-brand-700 underline-offset-4 hover:underline dark:text-brand-100';
const LOAD_MORE_BUTTON =
  'rounded-xl bg-brand-700 px-8 py-3 font-bold text-white hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70 dark:bg-brand-200 dark:text-brand-900 dark:hover:bg-brand-100';

export default function ListPager({ model, shownPages, hrefFor, onLoadMore, loadingMore = false }: Props) {
  const form = loadMoreForm(hrefFor(model.more ?? shownPages), model.more ?? shownPages);
  return (
    <div
      className="mt-8 flex flex-col items-center gap-4"
      data-testid="list-pager"
      data-pager="pager"
      data-from={shownPages.from}
      data-to={shownPages.to}
      data-total={model.total}
    >
      <p
        role="status"
        className="min-h-6 text-slate-700 dark:text-slate-300"
        data-testid="list-count"
        data-pager="count"
      >
        {t.shownCount(model.first, model.last, model.total)}
      </p>
      <form
        method="get"
        action={form.action}
        hidden={!model.more}
        data-pager="more"
        onSubmit={(event) => {
          if (!onLoadMore) return;
          event.preventDefault();
          if (!loadingMore) onLoadMore();
        }}
      >
        {form.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button
          type="submit"
          className={LOAD_MORE_BUTTON}
          aria-disabled={loadingMore || undefined}
          data-testid="load-more"
        >
          {loadingMore ? t.loadingMore : t.loadMore}
        </button>
      </form>
      <nav
        aria-label={t.pagesLabel}
        className="flex flex-wrap items-center justify-center gap-2"
        data-testid="pager-links"
      >
        <a href={hrefFor(model.prev ?? shownPages)} rel="prev" hidden={!model.prev} className={LINK} data-pager="prev">
          {t.prevPage}
        </a>
        <span className="px-2 text-sm text-slate-700 dark:text-slate-300" data-pager="pages">
          {t.pageOf(shownPages.from, shownPages.to, model.pages)}
        </span>
        <a href={hrefFor(model.next ?? shownPages)} rel="next" hidden={!model.next} className={LINK} data-pager="next">
          {t.nextPage}
        </a>
        <a href={hrefFor({ from: 1, to: 1 })} hidden={shownPages.from <= 2} className={LINK} data-pager="first">
          {t.firstPage}
        </a>
      </nav>
    </div>
  );
}
