/**
 * Every heart on the page and the header's count, in one delegated script (../layout/frame-behaviours.ts loads
 * it after the first paint) rather than an island per card: a tap on any heart (server-rendered or drawn by an
 * island later) changes the favourites (./store.ts); every heart and the count follow the store, in this tab
 * and when another tab changes it. Taps made before this ran were kept by the inline script (./boot.ts) and are
 * applied here. Signed in, on the shop's own server, the account's list is loaded and kept (./account-sync.ts);
 * signed out, a list copied from an account is left behind with the account.
 */
import { withChanges } from './favourite-list.ts';
import { ACCOUNT_KEY, COUNT, HEART, READY } from './markers.ts';
import { $favourites, readOutbox, sendChangesTo, setFavourite, takeOutbox } from './store.ts';
import { heartStrings as t } from './strings.ts';

/** How long a notice stays (the limit, a list that did not fit). */
const NOTICE_MS = 8000;

const root = document.documentElement;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;

function notify(message: string): void {
  const notice = document.querySelector<HTMLElement>('[data-favourites-notice]');
  if (!notice) return;
  notice.textContent = message;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => (notice.textContent = ''), NOTICE_MS);
}

function show(ids: readonly string[]): void {
  const favourites = new Set(ids);
  for (const heart of document.querySelectorAll<HTMLElement>(HEART)) {
    heart.setAttribute('aria-pressed', String(favourites.has(heart.dataset['favourite'] ?? '')));
  }
  for (const count of document.querySelectorAll<HTMLElement>(COUNT)) {
    count.textContent = ids.length > 0 ? String(ids.length) : '';
    count.hidden = ids.length === 0;
  }
}

const hasHeart = (node: Node) => node instanceof Element && (node.matches(HEART) || node.querySelector(HEART) !== null);

function signedIn(): boolean {
  return (
    import.meta.env.SHOP_HAS_ACCOUNT_API === true &&
    document.querySelector('[data-header-auth][data-signed-in]') !== null
  );
}

function forgetAccount(): boolean {
  try {
    if (localStorage.getItem(ACCOUNT_KEY) === null) return false;
    localStorage.removeItem(ACCOUNT_KEY);
    return true;
  } catch {
    return false;
  }
}

root.setAttribute(READY, '');
if (signedIn()) {
  // Every change from now on waits in the outbox for the account, also before its code has arrived.
  sendChangesTo(() => {});
  // The taps made before this ran stay in the outbox, for the account; shown here at once.
  const { ids, refused } = withChanges($favourites.get(), readOutbox());
  $favourites.set(ids);
  if (refused > 0) notify(t.tooMany);
  void import('./account-sync.ts').then(({ startAccountSync }) => startAccountSync(notify));
} else {
  // Signed out since the list came from an account: the account keeps it; this browser starts again empty.
  if (forgetAccount()) $favourites.set([]);
  for (const [id, on] of takeOutbox()) if (!setFavourite(id, on)) notify(t.tooMany);
}

$favourites.subscribe(show);
new MutationObserver((records) => {
  if (records.some((record) => [...record.addedNodes].some(hasHeart))) show($favourites.get());
}).observe(document.body, { childList: true, subtree: true });

document.addEventListener('click', (event) => {
  const heart = (event.target as Element | null)?.closest?.<HTMLElement>(HEART);
  const id = heart?.dataset['favourite'];
  if (!heart || !id) return;
  const on = heart.getAttribute('aria-pressed') !== 'true';
  if (!setFavourite(id, on)) notify(t.tooMany);
});
