/**
 * When the load more of a server-rendered paged list (./paged-list.ts) is fetched: once its pager comes within a
 * screen of being seen, or at the first pointer or focus on it; a press before the code has arrived is answered
 * as soon as it has (or, should it fail to arrive, by the plain form: the server renders the load-more URL). A
 * list whose pager offers no next page never fetches it, and a page only read from its top does not pay for it.
 */
const PAGER = '[data-paged-list] [data-pager="pager"]';

export function setUpPagedListsWhenNear(): void {
  const pagers = [...document.querySelectorAll<HTMLElement>(PAGER)].filter((pager) =>
    pager.querySelector('form[data-pager="more"]:not([hidden])'),
  );
  if (pagers.length === 0) return;
  let ready = false;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= import('./paged-list.ts').then(({ setUpPagedLists }) => {
      setUpPagedLists();
      ready = true;
    }));
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      void start();
    },
    { rootMargin: '100% 0px' },
  );
  for (const pager of pagers) {
    near.observe(pager);
    pager.addEventListener('pointerenter', () => void start(), { once: true });
    pager.addEventListener('focusin', () => void start(), { once: true });
    // Before the code has arrived, a press waits for it (capture: this runs before the form's own listener).
    pager.addEventListener(
      'submit',
      (event) => {
        if (ready) return;
        event.preventDefault();
        const form = event.target as HTMLFormElement;
        start().then(
          () => form.requestSubmit(),
          () => form.submit(),
        );
      },
      true,
    );
  }
}
