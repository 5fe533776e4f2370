/**
 * 'טען עוד' on server-rendered paged lists (one category), without a framework: the load-more
 * form (ListPager) is taken over to fetch the next page's HTML (a plain one-page URL, which the
 * server renders anyway), append its cards (they fade in; the cards shown stay put), update the
 * pager in place from the same pagerModel the server used, replace the URL (`page`, `from`)
 * without a new history entry and move focus to the first new card's item. If the fetch fails,
 * the form is submitted as it is: the server renders the load-more URL.
 */
import { loadMoreForm, pageAnchorId, pagerModel, type PageWindow } from '../../lib/paging.ts';
import { CARD_ENTER, CARD_ENTER_MS } from './card-motion.ts';
import { listPageHref, type ListPaging } from './list-strategy.ts';
import { animalStrings as t } from './strings.ts';

/**
 * What it looks for, in this page and in the next page's HTML: the list (`data-paged-list`, with
 * its path and paging scheme), the list of its cards (`data-paged-cards`) and the pager (ListPager's
 * `data-pager` parts).
 */
const CARDS = '[data-paged-list] [data-paged-cards] > ul';
const PAGER = '[data-paged-list] [data-pager="pager"]';

function part<T extends Element>(pager: Element, name: string): T {
  const element = pager.querySelector<T>(`[data-pager="${name}"]`);
  if (!element) throw new Error(`the pager has no ${name}`);
  return element;
}

/** Brings the pager up to date with the cards shown (the same texts and links ListPager renders). */
function updatePager(
  pager: HTMLElement,
  shownPages: PageWindow,
  shown: number,
  total: number,
  hrefFor: (pages: PageWindow) => string,
) {
  const model = pagerModel(shownPages, shown, total);
  pager.dataset.from = String(shownPages.from);
  pager.dataset.to = String(shownPages.to);
  pager.dataset.total = String(total);
  part(pager, 'count').textContent = t.shownCount(model.first, model.last, model.total);
  part(pager, 'pages').textContent = t.pageOf(shownPages.from, shownPages.to, model.pages);

  const form = part<HTMLFormElement>(pager, 'more');
  form.hidden = !model.more;
  if (model.more) {
    const target = loadMoreForm(hrefFor(model.more), model.more);
    form.setAttribute('action', target.action);
    form.querySelectorAll('input[type="hidden"]').forEach((input) => input.remove());
    for (const [name, value] of target.fields) {
      const input = document.createElement('input');
      Object.assign(input, { type: 'hidden', name, value });
      form.prepend(input);
    }
  }
  for (const [name, pages] of [
    ['prev', model.prev],
    ['next', model.next],
  ] as const) {
    const link = part<HTMLAnchorElement>(pager, name);
    link.hidden = !pages;
    if (pages) link.href = hrefFor(pages);
  }
  part<HTMLAnchorElement>(pager, 'first').hidden = shownPages.from <= 2;
}

function setUp(list: HTMLElement) {
  const pager = list.querySelector<HTMLElement>(PAGER);
  const grid = list.querySelector(CARDS);
  if (!pager || !grid) return;
  const path = list.dataset.path ?? window.location.pathname;
  const params = new URLSearchParams(window.location.search);
  const paging: ListPaging = list.dataset.paging === 'path' ? 'path' : 'query';
  const hrefFor = (pages: PageWindow) => listPageHref(paging, path, params, pages);
  const form = part<HTMLFormElement>(pager, 'more');
  const button = form.querySelector('button');
  let loading = false;

  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- nothing rejects: every await is inside try/catch
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (loading || !button) return;
    const shownPages = { from: Number(pager.dataset.from), to: Number(pager.dataset.to) };
    const more = { from: shownPages.from, to: shownPages.to + 1 };
    loading = true;
    button.setAttribute('aria-disabled', 'true');
    button.textContent = t.loadingMore;
    try {
      const response = await fetch(hrefFor({ from: more.to, to: more.to }), { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const total = Number(page.querySelector(PAGER)?.getAttribute('data-total'));
      const shownHrefs = new Set([...grid.querySelectorAll('a')].map((link) => link.getAttribute('href')));
      const items = [...page.querySelectorAll(`${CARDS} > li`)].filter(
        (item) => !shownHrefs.has(item.querySelector('a')?.getAttribute('href') ?? null),
      );
      if (items.length === 0 || !Number.isInteger(total)) throw new Error('no cards on the next page');
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      for (const item of items) {
        const card = document.adoptNode(item);
        grid.append(card);
        if (!reduceMotion) card.animate(CARD_ENTER, { duration: CARD_ENTER_MS, easing: 'ease-out' });
      }
      updatePager(pager, more, grid.children.length, total, hrefFor);
      window.history.replaceState(window.history.state, '', hrefFor(more));
      document.getElementById(pageAnchorId(more.to))?.focus();
    } catch {
      // Let the server render the load-more URL instead.
      form.submit();
    } finally {
      loading = false;
      button.removeAttribute('aria-disabled');
      button.textContent = t.loadMore;
    }
  });
}

export function setUpPagedLists(): void {
  document.querySelectorAll<HTMLElement>('[data-paged-list]').forEach(setUp);
}
